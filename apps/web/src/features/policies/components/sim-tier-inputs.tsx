import { simTierFigure, type FeeShare } from '@pos/core';
import { useTranslation } from '@/lib/i18n';
import { useLang } from '@/lib/use-lang';
import { FieldInput } from './field-input';
import { fenToInput, money } from './policy-format';
import '../fee-tiers-i18n';

/** The SIM fee's second and third-and-later cashback of one option as the form's text. */
export const simTierText = (share: FeeShare | undefined): [string, string] => [
  fenToInput(share ? simTierFigure(share, 2) : 0),
  fenToInput(share ? simTierFigure(share, 3) : 0),
];

/**
 * The second and third-and-later cashback a parent gives its sub-agent for one SIM fee option,
 * next to its own (the bound), with the rule each breaks under it (fields
 * commFeeShares.<i>.secondFen and .laterFen, as the core rules and the server name them).
 */
export function SimTierInputs({
  index,
  own,
  values,
  errorOf,
  onChange,
}: {
  index: number;
  own: FeeShare | undefined;
  values: [string, string];
  errorOf: (field: string) => string | null;
  onChange: (tier: 0 | 1, value: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const rows = [
    ['secondFen', t('policies.feeTiers.second'), own ? simTierFigure(own, 2) : 0],
    ['laterFen', t('policies.feeTiers.later'), own ? simTierFigure(own, 3) : 0],
  ] as const;
  return (
    <div data-testid={`comm-tiers-${index}`}>
      {rows.map(([key, tier, ownFen], i) => (
        <div className="pol-rate-grid" style={{ alignItems: 'start', marginTop: 6 }} key={key}>
          <div className="pol-label">
            {t('policies.feeTiers.ownTier', { tier })} {money(ownFen, lang)}
          </div>
          <FieldInput
            label={t('policies.feeTiers.childTier', { tier })}
            value={values[i]!}
            unit={lang === 'en' ? 'yuan' : '元'}
            testId={`comm-${index}-${key}`}
            error={errorOf(`commFeeShares.${index}.${key}`)}
            hint={t('policies.rewardHint', { v: money(ownFen, lang) })}
            onChange={(v) => onChange(i as 0 | 1, v)}
          />
        </div>
      ))}
    </div>
  );
}
