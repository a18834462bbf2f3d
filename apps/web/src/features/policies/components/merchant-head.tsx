import type { MerchantRateInfo } from '@pos/core';
import { useTranslation } from '@/lib/i18n';

/** Who the rates belong to: merchant, number, legal person, direct agent, policy and terminals. */
export function MerchantHead({ info }: { info: MerchantRateInfo }) {
  const { t } = useTranslation();
  return (
    <div className="pol-card" data-testid="merchant-head">
      <div className="pol-card-title">
        <span data-testid="merchant-name">{info.merchant.name}</span>
        <small>{info.merchant.merchantNo}</small>
      </div>
      <dl className="pol-kv">
        <dt>{t('policies.legalName')}</dt>
        <dd>{info.merchant.legalName}</dd>
        <dt>{t('policies.directAgent')}</dt>
        <dd>{info.merchant.agentName}</dd>
        <dt>{t('policies.policy')}</dt>
        <dd>{info.policyName ?? t('policies.none')}</dd>
        <dt>{t('policies.terminals')}</dt>
        <dd>
          <div className="pol-sn-list" style={{ justifyContent: 'flex-end' }}>
            {info.terminals.length
              ? info.terminals.map((x) => <span key={x.sn}>{x.sn}</span>)
              : t('policies.none')}
          </div>
        </dd>
      </dl>
    </div>
  );
}
