import { STANDARD_CHECK_TYPE, standardCheckLabel } from '@pos/core';
import { Tag } from 'antd-mobile';
import { useLang } from '@/lib/use-lang';

/** Colour of a standard-check type: met green, not met red, pending blue, no check grey. */
export function resultTone(result: number): 'success' | 'danger' | 'primary' | 'default' {
  if (result >= STANDARD_CHECK_TYPE.MET) return 'success';
  if (result === STANDARD_CHECK_TYPE.NOT_MET) return 'danger';
  if (result === STANDARD_CHECK_TYPE.PENDING) return 'primary';
  return 'default';
}

/** A standard-check type as the product spec labels it (levels: "met level N"). */
export function ResultTag({ result }: { result: number }) {
  const lang = useLang();
  return (
    <Tag color={resultTone(result)} fill="outline" className="data-tag" data-testid="check-result">
      {standardCheckLabel(result, lang)}
    </Tag>
  );
}
