import {
  directMarginPer10kFen,
  formatMoney,
  type AgentPolicyDetail,
  type AgentPolicyTerms,
  type Lang,
} from '@pos/core';
import { useTranslation } from '@/lib/i18n';
import { useLang } from '@/lib/use-lang';
import { dateTime, money, rateLabel, rateText } from './policy-format';
import { usePartyName } from '@/lib/party-name';
import { diffSimTiers, FeeTiersView } from './fee-tiers-view';

/** What changed from one version of terms to the next, one line per field. */
export function diffTerms(prev: AgentPolicyTerms, next: AgentPolicyTerms, lang: Lang): string[] {
  const out: string[] = [];
  const arrow = (a: string, b: string) => `${a} → ${b}`;
  for (const r of next.rates) {
    const p = prev.rates.find((x) => x.rateType === r.rateType);
    if (!p) continue;
    const label = rateLabel(r.rateType, lang);
    if (p.cost !== r.cost)
      out.push(
        `${label} ${lang === 'en' ? 'cost' : '成本'} ${arrow(rateText(r.rateType, p.cost, lang), rateText(r.rateType, r.cost, lang))}`,
      );
    if (p.minRate !== r.minRate || p.maxRate !== r.maxRate) {
      out.push(
        `${label} ${lang === 'en' ? 'range' : '范围'} ${arrow(
          `${rateText(r.rateType, p.minRate, lang)}~${rateText(r.rateType, p.maxRate, lang)}`,
          `${rateText(r.rateType, r.minRate, lang)}~${rateText(r.rateType, r.maxRate, lang)}`,
        )}`,
      );
    }
  }
  if (prev.activationRewardFen !== next.activationRewardFen) {
    out.push(
      `${lang === 'en' ? 'Activation reward' : '激活奖励'} ${arrow(money(prev.activationRewardFen, lang), money(next.activationRewardFen, lang))}`,
    );
  }
  next.standardRewardsFen.forEach((v, i) => {
    const p = prev.standardRewardsFen[i];
    if (p !== undefined && p !== v)
      out.push(
        `${lang === 'en' ? `Month ${i + 1} reward` : `第${i + 1}月达标奖励`} ${arrow(money(p, lang), money(v, lang))}`,
      );
  });
  for (const [key, zh, en] of [
    ['serviceFeeShares', '服务费', 'Service fee'],
    ['commFeeShares', '流量费', 'Communication fee'],
  ] as const) {
    for (const s of next[key]) {
      const p = prev[key].find((x) => x.optionFen === s.optionFen);
      if (p && p.shareFen !== s.shareFen) {
        out.push(
          `${lang === 'en' ? en : zh}${money(s.optionFen, lang)} ${arrow(money(p.shareFen, lang), money(s.shareFen, lang))}`,
        );
      }
    }
  }
  out.push(...diffSimTiers(prev, next, lang));
  return out;
}

/** An opened policy in full: rates with the product's standard and range, rewards, fee shares, versions. */
export function TermsView({ detail }: { detail: AgentPolicyDetail }) {
  const { t } = useTranslation();
  const party = usePartyName();
  const lang = useLang();
  const { terms, product } = detail;
  return (
    <>
      <div className="pol-card" data-testid="policy-head">
        <div className="pol-card-title">
          {t('policies.brandPolicy', { brand: detail.brandName, name: detail.policyName })}
          <small>{t('policies.version', { v: detail.version })}</small>
        </div>
        <dl className="pol-kv">
          <dt>{t('policies.openedFor')}</dt>
          <dd data-testid="policy-agent">
            {detail.agentName} {detail.agentMobile}
          </dd>
          <dt>{t('policies.openedBy')}</dt>
          <dd>{party(detail.openedByName)}</dd>
          <dt>{t('policies.activationCondition')}</dt>
          <dd>
            {t('policies.activationRule', {
              days: product.activationWindowDays,
              amount: formatMoney(product.activationThresholdFen),
            })}
          </dd>
          <dt>{t('policies.updated')}</dt>
          <dd>{dateTime(detail.updatedAt)}</dd>
        </dl>
      </div>

      <div className="pol-section">{t('policies.rates')}</div>
      <div className="pol-card">
        <table className="pol-table" data-testid="rates-table">
          <thead>
            <tr>
              <th>{t('policies.rateType')}</th>
              <th>{t('policies.cost')}</th>
              <th>{t('policies.standardRate')}</th>
              <th>{t('policies.merchantRange')}</th>
            </tr>
          </thead>
          <tbody>
            {terms.rates.map((r) => {
              const p = product.rates.find((x) => x.rateType === r.rateType);
              return (
                <tr key={r.rateType} data-testid={`rate-row-${r.rateType}`}>
                  <td>{rateLabel(r.rateType, lang)}</td>
                  <td>
                    <b>{rateText(r.rateType, r.cost, lang)}</b>
                  </td>
                  <td>{p ? rateText(r.rateType, p.standardRate, lang) : '-'}</td>
                  <td>
                    {rateText(r.rateType, r.minRate, lang)}~{rateText(r.rateType, r.maxRate, lang)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {detail.isOwn && (
          <div className="pol-muted" style={{ marginTop: 8 }}>
            {t('policies.directMargin')}：
            {terms.rates
              .map((r) => {
                const p = product.rates.find((x) => x.rateType === r.rateType);
                return p
                  ? `${rateLabel(r.rateType, lang)} ${money(directMarginPer10kFen(r.rateType, p.standardRate, r.cost), lang)}`
                  : '';
              })
              .filter(Boolean)
              .join('，')}
          </div>
        )}
      </div>

      <div className="pol-section">{t('policies.rewards')}</div>
      <div className="pol-card">
        <div className="pol-row">
          <span>{t('policies.activationReward')}</span>
          <b data-testid="activation-reward">{money(terms.activationRewardFen, lang)}</b>
        </div>
        {product.standardMonths.map((m, i) => (
          <div className="pol-row" key={m.month}>
            <span>
              {t('policies.standardRule', { k: m.month, amount: formatMoney(m.thresholdFen) })}
            </span>
            <b>{money(terms.standardRewardsFen[i] ?? 0, lang)}</b>
          </div>
        ))}
      </div>

      <FeeTiersView terms={terms} product={product} />

      {detail.versions.length > 0 && (
        <>
          <div className="pol-section">{t('policies.versions')}</div>
          <div className="pol-card" data-testid="versions">
            {detail.versions.map((v, i) => {
              const older = detail.versions[i + 1];
              const changes = older ? diffTerms(older.terms, v.terms, lang) : [];
              return (
                <div className="pol-row" key={v.version} style={{ display: 'block' }}>
                  <div style={{ display: 'flex', justifyContent: 'space-between' }}>
                    <b>v{v.version}</b>
                    <span className="pol-muted">
                      {dateTime(v.createdAt)} ·{' '}
                      {t(v.version === 1 ? 'policies.openedByName' : 'policies.changedBy', {
                        name: party(v.changedByName),
                      })}
                    </span>
                  </div>
                  {changes.length > 0 && (
                    <ul className="pol-diff">
                      {changes.map((c) => (
                        <li key={c}>{c}</li>
                      ))}
                    </ul>
                  )}
                </div>
              );
            })}
          </div>
        </>
      )}
    </>
  );
}
