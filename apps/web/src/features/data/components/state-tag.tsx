import { activationStateLabel, type ActivationState } from '@pos/core';
import { Tag } from 'antd-mobile';
import { useLang } from '@/lib/use-lang';

const TONE: Record<ActivationState, 'success' | 'primary' | 'warning' | 'danger' | 'default'> = {
  activated: 'success',
  reached: 'primary',
  volume_short: 'warning',
  window_passed: 'danger',
  not_bound: 'default',
};

/** Whether a terminal activated, or why not. */
export function StateTag({ state }: { state: ActivationState }) {
  const lang = useLang();
  return (
    <Tag color={TONE[state]} fill="outline" className="data-tag" data-testid="activation-state">
      {activationStateLabel(state, lang)}
    </Tag>
  );
}
