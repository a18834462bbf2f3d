import { Selector, type SelectorProps } from 'antd-mobile';

type SelectorValue = string | number;

/**
 * A Selector for a choice that always has a value: tapping the chosen option again keeps it
 * instead of leaving nothing chosen (antd-mobile's Selector would deselect it). Works inside a
 * Form.Item, which passes value and onChange through.
 */
export function SingleSelector<V extends SelectorValue>(props: SelectorProps<V>) {
  const { onChange, ...rest } = props;
  return (
    <Selector<V>
      {...rest}
      multiple={false}
      onChange={(value, extend) => {
        if (value.length === 0) return;
        onChange?.(value, extend);
      }}
    />
  );
}
