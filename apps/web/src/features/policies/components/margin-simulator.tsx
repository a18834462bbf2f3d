import { isCapRateType, type OpenMargins } from '@pos/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/lib/use-lang';
import { money, rateLabel } from './policy-format';

/**
 * The live simulator of the open-policy page: for each rate type what the opening agent keeps per
 * 10,000 yuan of its sub-agent's volume (per capped payment for the debit-card cap), and per
 * activation. A negative figure means the draft breaks a rule.
 */
export function MarginSimulator({ margins }: { margins: OpenMargins }) {
  const { t } = useTranslation();
  const lang = useLang();
  const item = (key: string, value: number, label: string, unit: string) => (
    <div className="pol-sim-item" key={key} data-testid={`sim-${key}`}>
      <div className={`pol-sim-value ${value < 0 ? 'neg' : ''}`}>{money(value, lang)}</div>
      <div className="pol-sim-label">
        {label}
        <br />
        {unit}
      </div>
    </div>
  );
  return (
    <section className="pol-card pol-sim" data-testid="margin-simulator" aria-live="polite">
      <div className="pol-card-title">
        {t('policies.simulator')}
        <small>{t('policies.simulatorHint')}</small>
      </div>
      <div className="pol-sim-grid">
        {margins.rates.map((r) =>
          item(
            `rate-${r.rateType}`,
            r.marginFen,
            rateLabel(r.rateType, lang),
            isCapRateType(r.rateType) ? t('policies.perCap') : t('policies.per10k'),
          ),
        )}
        {item(
          'activation',
          margins.activationFen,
          t('policies.activationReward'),
          t('policies.perActivation'),
        )}
      </div>
    </section>
  );
}
