import {
  simTierFigures,
  type AgentPolicyTerms,
  type FeeShare,
  type Lang,
  type ProductPolicyView,
} from '@pos/core';
import { useTranslation } from '@/lib/i18n';
import { useLang } from '@/lib/use-lang';
import { money } from './policy-format';
import '../fee-tiers-i18n';

/**
 * The fee cashbacks of a policy (issue 33): what each deposit option pays, and what the SIM fee
 * pays at its first, second and third-and-later collection, per option. Only options that collect
 * something are listed.
 */
export function FeeTiersView({
  terms,
  product,
}: {
  terms: AgentPolicyTerms;
  product: ProductPolicyView;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const deposits = product.serviceFeeOptionsFen.filter((o) => o > 0);
  const sims = product.commFeeOptionsFen.filter((o) => o > 0);
  const shareOf = (list: FeeShare[], o: number): FeeShare =>
    list.find((s) => s.optionFen === o) ?? { optionFen: o, shareFen: 0 };
  return (
    <>
      <div className="pol-section">{t('policies.feeTiers.depositTitle')}</div>
      <div className="pol-card">
        <table className="pol-table" data-testid="deposit-tiers">
          <thead>
            <tr>
              <th>{t('policies.feeTiers.option')}</th>
              <th>{t('policies.feeTiers.cashback')}</th>
            </tr>
          </thead>
          <tbody>
            {deposits.map((o) => (
              <tr key={o} data-testid={`deposit-tier-${o}`}>
                <td>{money(o, lang)}</td>
                <td>
                  <b>{money(shareOf(terms.serviceFeeShares, o).shareFen, lang)}</b>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="pol-muted" style={{ marginTop: 8 }}>
          {t('policies.feeTiers.depositRule')}
        </div>
      </div>

      <div className="pol-section">{t('policies.feeTiers.simTitle')}</div>
      <div className="pol-card">
        <table className="pol-table" data-testid="sim-tiers">
          <thead>
            <tr>
              <th>{t('policies.feeTiers.option')}</th>
              <th>{t('policies.feeTiers.first')}</th>
              <th>{t('policies.feeTiers.second')}</th>
              <th>{t('policies.feeTiers.later')}</th>
            </tr>
          </thead>
          <tbody>
            {sims.map((o) => (
              <tr key={o} data-testid={`sim-tier-${o}`}>
                <td>{money(o, lang)}</td>
                {simTierFigures(shareOf(terms.commFeeShares, o)).map((fen, i) => (
                  <td key={i}>
                    <b>{money(fen, lang)}</b>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <div className="pol-muted" style={{ marginTop: 8 }}>
          {t('policies.feeTiers.simRule')}
        </div>
      </div>
    </>
  );
}

/** Version history lines for the SIM fee's second and later tiers (the first is the share). */
export function diffSimTiers(prev: AgentPolicyTerms, next: AgentPolicyTerms, lang: Lang): string[] {
  const out: string[] = [];
  const names =
    lang === 'en'
      ? ['second cashback', 'third-and-later cashback']
      : ['第二次返现', '第三次及以后返现'];
  for (const s of next.commFeeShares) {
    const p = prev.commFeeShares.find((x) => x.optionFen === s.optionFen);
    if (!p) continue;
    const [, a2, a3] = simTierFigures(p);
    const [, b2, b3] = simTierFigures(s);
    const head =
      lang === 'en' ? `SIM fee ${money(s.optionFen, lang)}` : `流量费${money(s.optionFen, lang)}`;
    if (a2 !== b2) out.push(`${head} ${names[0]} ${money(a2, lang)} → ${money(b2, lang)}`);
    if (a3 !== b3) out.push(`${head} ${names[1]} ${money(a3, lang)} → ${money(b3, lang)}`);
  }
  return out;
}
