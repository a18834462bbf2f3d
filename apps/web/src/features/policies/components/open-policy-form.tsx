import {
  checkOpenTerms,
  defaultChildTerms,
  formatMoney,
  isCapRateType,
  simulateOpenMargins,
  type AgentPolicyTerms,
  type OpenDraft,
  type OpenPolicyResponse,
  type ProductPolicyTerms,
} from '@pos/core';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { ApiError } from '@/lib/api-client';
import { useOpenPolicy } from '../api/open-policy';
import { useLang } from '@/lib/use-lang';
import { FieldInput } from './field-input';
import { SimTierInputs, simTierText } from './sim-tier-inputs';
import { MarginSimulator, MarginStrip } from './margin-simulator';
import {
  fenToInput,
  inputToFen,
  inputToRate,
  money,
  rateLabel,
  rateText,
  rateToInput,
  rateUnit,
} from './policy-format';

/** What the user types, field by field; parsed into terms on every keystroke. */
interface DraftText {
  rates: { rateType: number; cost: string; minRate: string; maxRate: string }[];
  activation: string;
  standard: string[];
  service: string[];
  comm: string[];
  /** Per SIM fee option: the second and the third-and-later cashback (issue 33). */
  commTiers: [string, string][];
}

function toText(terms: AgentPolicyTerms, product: ProductPolicyTerms): DraftText {
  const share = (list: AgentPolicyTerms['serviceFeeShares'], option: number) =>
    fenToInput(list.find((s) => s.optionFen === option)?.shareFen ?? 0);
  return {
    rates: product.rates.map((p) => {
      const r = terms.rates.find((x) => x.rateType === p.rateType) ?? {
        cost: p.standardRate,
        minRate: p.minRate,
        maxRate: p.maxRate,
      };
      return {
        rateType: p.rateType,
        cost: rateToInput(p.rateType, r.cost),
        minRate: rateToInput(p.rateType, r.minRate),
        maxRate: rateToInput(p.rateType, r.maxRate),
      };
    }),
    activation: fenToInput(terms.activationRewardFen),
    standard: product.standardMonths.map((_, i) => fenToInput(terms.standardRewardsFen[i] ?? 0)),
    service: product.serviceFeeOptionsFen.map((o) => share(terms.serviceFeeShares, o)),
    comm: product.commFeeOptionsFen.map((o) => share(terms.commFeeShares, o)),
    commTiers: product.commFeeOptionsFen.map((o) =>
      simTierText(terms.commFeeShares.find((s) => s.optionFen === o)),
    ),
  };
}

/** Unreadable inputs become NaN, which the core rules report as a format error of that field. */
function parse(text: DraftText, product: ProductPolicyTerms): AgentPolicyTerms {
  return {
    rates: text.rates.map((r) => ({
      rateType: r.rateType as AgentPolicyTerms['rates'][number]['rateType'],
      cost: inputToRate(r.rateType, r.cost),
      minRate: inputToRate(r.rateType, r.minRate),
      maxRate: inputToRate(r.rateType, r.maxRate),
    })),
    activationRewardFen: inputToFen(text.activation),
    standardRewardsFen: text.standard.map(inputToFen),
    serviceFeeShares: product.serviceFeeOptionsFen.map((o, i) => ({
      optionFen: o,
      shareFen: inputToFen(text.service[i] ?? ''),
    })),
    commFeeShares: product.commFeeOptionsFen.map((o, i) => ({
      optionFen: o,
      shareFen: inputToFen(text.comm[i] ?? ''),
      secondFen: inputToFen(text.commTiers[i]?.[0] ?? ''),
      laterFen: inputToFen(text.commTiers[i]?.[1] ?? ''),
    })),
  };
}

const Keep = ({ fen, label }: { fen: number; label: string }) => {
  const lang = useLang();
  return (
    <span className={`pol-keep ${fen < 0 ? 'pol-keep-negative' : ''}`}>
      {label} {money(fen, lang)}
    </span>
  );
};

/**
 * The terms a parent gives a direct sub-agent, checked by the same core rules the server runs as
 * the user types, with the margin simulator beside them. What the server refuses is shown under
 * the field it names.
 */
export function OpenPolicyForm({
  draft,
  onSaved,
}: {
  draft: OpenDraft;
  onSaved: (result: OpenPolicyResponse) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  // Agents never see the acquirer's cost; it only bounds a root policy, never a child's.
  const product: ProductPolicyTerms = useMemo(
    () => ({
      ...draft.product,
      rates: draft.product.rates.map((r) => ({ ...r, acquirerCost: r.acquirerCost ?? 0 })),
    }),
    [draft.product],
  );
  // An edit starts from the child's terms; a first opening from defaults that keep a margin
  // (starting from the agent's own terms would give the whole margin away if sent unchanged).
  const [text, setText] = useState<DraftText>(() =>
    toText(draft.current ?? defaultChildTerms(product, draft.own), product),
  );
  const [serverError, setServerError] = useState<{ field?: string; message: string } | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const terms = useMemo(() => parse(text, product), [text, product]);
  const { own, current } = draft;
  const violations = useMemo(
    () => checkOpenTerms({ product, parent: own, previous: current, next: terms }),
    [product, own, current, terms],
  );
  const margins = useMemo(() => simulateOpenMargins(own, terms), [own, terms]);
  const mutation = useOpenPolicy();

  const update = (change: (d: DraftText) => void) => {
    setServerError(null);
    setText((prev) => {
      const next = structuredClone(prev);
      change(next);
      return next;
    });
  };
  const errorOf = (field: string): string | null => {
    if (serverError?.field === field) return serverError.message;
    const v = violations.find((x) => x.field === field);
    return v ? (lang === 'en' ? v.messageEn : v.message) : null;
  };
  const unplaced = serverError && !serverError.field ? serverError.message : null;

  const submit = async () => {
    setSubmitted(true);
    // The child's costs and rewards set what the agent keeps on every trade: show that, then ask.
    if (violations.length === 0) {
      const keepsNothing =
        margins.rates.every((r) => r.marginFen <= 0) && margins.activationFen <= 0;
      const go = await Dialog.confirm({
        title: draft.current ? t('policies.confirmEditTitle') : t('policies.confirmOpenTitle'),
        content: (
          <div data-testid="open-confirm">
            <div>{t('policies.confirmOpen', { name: draft.child.name })}</div>
            <MarginSimulator margins={margins} />
            {keepsNothing && <div className="pol-error">{t('policies.keepsNothing')}</div>}
          </div>
        ),
      });
      if (!go) return;
    }
    try {
      const result = await mutation.mutateAsync({
        childId: draft.child.id,
        policyId: draft.policyId,
        terms,
      });
      Toast.show({
        icon: 'success',
        content: result.created ? t('policies.openSuccess') : t('policies.editSuccess'),
      });
      onSaved(result);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setServerError({ field: err instanceof ApiError ? err.field : undefined, message });
      Toast.show({ content: message, duration: 2500 });
    }
  };

  const ownRate = (rateType: number) => draft.own.rates.find((r) => r.rateType === rateType)!;

  return (
    <div data-testid="open-policy-form">
      {draft.current && (
        <div className="pol-note pol-warn">
          {t('policies.editing', { v: draft.currentVersion })}
        </div>
      )}
      <MarginSimulator margins={margins} />
      {(unplaced || (submitted && violations.length > 0 && !serverError)) && (
        <div className="pol-note pol-warn" role="alert" data-testid="form-error">
          {unplaced ?? t('policies.fixErrors')}
        </div>
      )}

      <div className="pol-section">{t('policies.rates')}</div>
      {text.rates.map((r, i) => {
        const p = product.rates[i]!;
        const own = ownRate(r.rateType);
        const margin = margins.rates.find((m) => m.rateType === r.rateType)!;
        const label = rateLabel(r.rateType, lang);
        const unit = rateUnit(r.rateType, lang);
        return (
          <div className="pol-card" key={r.rateType} data-testid={`rate-card-${r.rateType}`}>
            <div className="pol-card-title">
              {label}
              <small>
                {t('policies.standardRate')} {rateText(r.rateType, p.standardRate, lang)}
              </small>
            </div>
            <div className="pol-rate-grid">
              <div>
                <div className="pol-label">{t('policies.ownCost')}</div>
                <b>{rateText(r.rateType, own.cost, lang)}</b>
              </div>
              <div>
                <div className="pol-label">{t('policies.childCost')}</div>
                <FieldInput
                  label={`${label} ${t('policies.childCost')}`}
                  value={r.cost}
                  unit={unit}
                  testId={`cost-${r.rateType}`}
                  error={errorOf(`rates.${i}.cost`)}
                  hint={t('policies.costHint', { v: rateText(r.rateType, own.cost, lang) })}
                  onChange={(v) => update((d) => void (d.rates[i]!.cost = v))}
                />
              </div>
            </div>
            <div className="pol-label pol-muted" style={{ margin: '10px 0 4px' }}>
              {t('policies.merchantRange')}
            </div>
            <div className="pol-range">
              <FieldInput
                label={`${label} ${t('policies.merchantRange')} ${t('policies.rangeMin')}`}
                value={r.minRate}
                unit={unit}
                testId={`min-${r.rateType}`}
                error={errorOf(`rates.${i}.minRate`)}
                onChange={(v) => update((d) => void (d.rates[i]!.minRate = v))}
              />
              <span>~</span>
              <FieldInput
                label={`${label} ${t('policies.merchantRange')} ${t('policies.rangeMax')}`}
                value={r.maxRate}
                unit={unit}
                testId={`max-${r.rateType}`}
                error={errorOf(`rates.${i}.maxRate`)}
                onChange={(v) => update((d) => void (d.rates[i]!.maxRate = v))}
              />
            </div>
            <div style={{ marginTop: 10 }}>
              <Keep
                fen={margin.marginFen}
                label={`${t('policies.keep')} ${isCapRateType(r.rateType) ? t('policies.perCap') : t('policies.per10k')}`}
              />
            </div>
          </div>
        );
      })}

      <div className="pol-section">{t('policies.rewards')}</div>
      <div className="pol-card">
        <div className="pol-card-title">
          {t('policies.activationReward')}
          <small>
            {t('policies.activationRule', {
              days: product.activationWindowDays,
              amount: formatMoney(product.activationThresholdFen),
            })}
          </small>
        </div>
        <RewardRow
          own={draft.own.activationRewardFen}
          value={text.activation}
          label={t('policies.activationReward')}
          testId="activation"
          error={errorOf('activationRewardFen')}
          margin={margins.activationFen}
          marginLabel={`${t('policies.keep')} ${t('policies.perActivation')}`}
          onChange={(v) => update((d) => void (d.activation = v))}
        />
      </div>
      {product.standardMonths.length > 0 && (
        <div className="pol-card">
          <div className="pol-card-title">{t('policies.standardRewards')}</div>
          {product.standardMonths.map((m, i) => (
            <div key={m.month} style={{ marginBottom: 10 }}>
              <div className="pol-muted">
                {t('policies.standardRule', { k: m.month, amount: formatMoney(m.thresholdFen) })}
              </div>
              <RewardRow
                own={draft.own.standardRewardsFen[i] ?? 0}
                value={text.standard[i] ?? ''}
                label={`${t('policies.perMonth', { k: m.month })} ${t('policies.standardRewards')}`}
                testId={`standard-${i}`}
                error={errorOf(`standardRewardsFen.${i}`)}
                margin={margins.standardMonthsFen[i] ?? 0}
                marginLabel={t('policies.keep')}
                onChange={(v) => update((d) => void (d.standard[i] = v))}
              />
            </div>
          ))}
        </div>
      )}

      <div className="pol-section">{t('policies.feeShares')}</div>
      {(
        [
          [
            'service',
            'serviceFeeShares',
            t('policies.serviceFee'),
            product.serviceFeeOptionsFen,
            margins.serviceFeeFen,
          ],
          [
            'comm',
            'commFeeShares',
            t('policies.commFee'),
            product.commFeeOptionsFen,
            margins.commFeeFen,
          ],
        ] as const
      ).map(([key, field, title, options, marginList]) => (
        <div className="pol-card" key={key}>
          <div className="pol-card-title">{title}</div>
          {options.map((o, i) => (
            <div key={o} style={{ marginBottom: 10 }}>
              <div className="pol-muted">{t('policies.option', { v: formatMoney(o) })}</div>
              <RewardRow
                own={draft.own[field].find((s) => s.optionFen === o)?.shareFen ?? 0}
                value={text[key][i] ?? ''}
                label={`${title} ${t('policies.option', { v: formatMoney(o) })} ${t('policies.childShare')}`}
                testId={`${key}-${i}`}
                error={errorOf(`${field}.${i}.shareFen`)}
                margin={marginList[i]?.marginFen ?? 0}
                marginLabel={t('policies.keep')}
                onChange={(v) => update((d) => void (d[key][i] = v))}
              />
              {key === 'comm' && o > 0 && (
                <SimTierInputs
                  index={i}
                  own={draft.own.commFeeShares.find((s) => s.optionFen === o)}
                  values={text.commTiers[i] ?? ['', '']}
                  errorOf={errorOf}
                  onChange={(tier, v) => update((d) => void (d.commTiers[i]![tier] = v))}
                />
              )}
            </div>
          ))}
        </div>
      ))}

      <div className="pol-footer">
        <MarginStrip margins={margins} />
        <Button
          block
          color="primary"
          size="large"
          loading={mutation.isPending}
          onClick={() => void submit()}
          data-testid="open-submit"
        >
          {draft.current ? t('policies.save') : t('policies.openFor')}
        </Button>
      </div>
    </div>
  );
}

function RewardRow(props: {
  own: number;
  value: string;
  label: string;
  testId: string;
  error: string | null;
  margin: number;
  marginLabel: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className="pol-rate-grid" style={{ alignItems: 'start', marginTop: 6 }}>
      <div>
        <div className="pol-label">
          {t('policies.ownShare')} {money(props.own, lang)}
        </div>
        <Keep fen={props.margin} label={props.marginLabel} />
      </div>
      <FieldInput
        label={props.label}
        value={props.value}
        unit={lang === 'en' ? 'yuan' : '元'}
        testId={props.testId}
        error={props.error}
        hint={t('policies.rewardHint', { v: money(props.own, lang) })}
        onChange={props.onChange}
      />
    </div>
  );
}
