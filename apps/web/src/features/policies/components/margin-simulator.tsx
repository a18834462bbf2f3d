import { isCapRateType, type OpenMargins } from '@pos/core';
import { useTranslation } from '@/lib/i18n';
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

/**
 * The simulator in one line, kept above the submit button while the agent scrolls through the
 * fields: what it keeps per rate type and per activation, red where the draft gives away more
 * than it has.
 */
export function MarginStrip({ margins }: { margins: OpenMargins }) {
  const { t } = useTranslation();
  const lang = useLang();
  const items = [
    ...margins.rates.map((r) => ({
      key: `rate-${r.rateType}`,
      label: rateLabel(r.rateType, lang),
      value: r.marginFen,
    })),
    { key: 'activation', label: t('policies.activationReward'), value: margins.activationFen },
  ];
  return (
    <div className="pol-strip" data-testid="margin-strip" aria-live="polite">
      <span className="pol-strip-title">{t('policies.keep')}</span>
      {items.map((i) => (
        <span key={i.key} className="pol-strip-item" data-testid={`strip-${i.key}`}>
          {i.label}
          <b className={i.value < 0 ? 'neg' : ''}>{money(i.value, lang)}</b>
        </span>
      ))}
    </div>
  );
}
