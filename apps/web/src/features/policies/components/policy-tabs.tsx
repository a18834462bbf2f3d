import type { OpenedPolicy } from '@pos/core';
import { Selector } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

/** A choice among the caller's own policies (brand · name). */
export function PolicySelector({
  policies,
  value,
  onChange,
}: {
  policies: OpenedPolicy[];
  value: number | undefined;
  onChange: (policyId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Selector
      aria-label={t('policies.pickPolicy')}
      columns={policies.length > 2 ? 2 : policies.length || 1}
      showCheckMark={false}
      options={policies.map((p) => ({
        label: t('policies.brandPolicy', { brand: p.brandName, name: p.policyName }),
        value: p.policyId,
      }))}
      value={value ? [value] : []}
      onChange={(v) => {
        if (v[0] !== undefined) onChange(v[0]);
      }}
    />
  );
}
