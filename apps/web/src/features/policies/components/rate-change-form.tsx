import {
  checkMerchantRate,
  formatDate,
  shareFen,
  SIMULATOR_VOLUME_FEN,
  isCapRateType,
  type MerchantRateInfo,
  type RateType,
} from '@pos/core';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { ApiError } from '@/lib/api-client';
import { useChangeMerchantRate } from '../api/change-merchant-rate';
import { useLang } from '@/lib/use-lang';
import { FieldInput } from './field-input';
import { inputToRate, money, rateLabel, rateText, rateToInput, rateUnit } from './policy-format';

/**
 * New rates for a merchant, one input per rate type. Each input is checked as the user types by
 * the core rule the server applies (inside the allowed range, not below the agent's own cost); the
 * server still decides, and what it refuses is shown under the rate it names.
 */
export function RateChangeForm({ info, sn }: { info: MerchantRateInfo; sn?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const mutation = useChangeMerchantRate();
  const [text, setText] = useState<Record<number, string>>(() =>
    Object.fromEntries(info.rates.map((r) => [r.rateType, rateToInput(r.rateType, r.rate)])),
  );
  const [serverError, setServerError] = useState<{ rateType?: number; message: string } | null>(
    null,
  );

  const locked = (r: MerchantRateInfo['rates'][number]) =>
    !info.canChange || r.changedThisMonth || r.pendingChangeId !== null;
  const liveError = (r: MerchantRateInfo['rates'][number]): string | null => {
    if (serverError && serverError.rateType === r.rateType) return serverError.message;
    const value = inputToRate(r.rateType, text[r.rateType] ?? '');
    if (value === r.rate || locked(r)) return null;
    const v = checkMerchantRate(
      {
        rateType: r.rateType as RateType,
        cost: r.ownCost ?? r.minAllowed,
        minRate: r.minAllowed,
        maxRate: r.maxAllowed,
      },
      value,
    );
    return v ? (lang === 'en' ? v.messageEn : v.message) : null;
  };

  const submit = async () => {
    const changes = info.rates
      .filter((r) => !locked(r))
      .map((r) => ({
        rateType: r.rateType as RateType,
        rate: inputToRate(r.rateType, text[r.rateType] ?? ''),
        current: r.rate,
      }))
      .filter((c) => c.rate !== c.current);
    if (changes.length === 0) {
      Toast.show({ content: t('policies.noRateChanged') });
      return;
    }
    // An unreadable value goes as -1, so the server's own message names it.
    const rates = changes.map((c) => ({
      rateType: c.rateType,
      rate: Number.isFinite(c.rate) ? c.rate : -1,
    }));
    // The merchant's rates change at the acquirer and only once a month: show it, then ask.
    if (changes.every((c) => Number.isFinite(c.rate))) {
      const go = await Dialog.confirm({
        title: t('policies.confirmRateTitle'),
        content: (
          <div data-testid="rate-confirm">
            <div>{info.merchant.name}</div>
            {changes.map((c) => (
              <div key={c.rateType}>
                {rateLabel(c.rateType, lang)}：{rateText(c.rateType, c.current, lang)} →{' '}
                {rateText(c.rateType, c.rate, lang)}
              </div>
            ))}
            <div className="pol-muted">{t('policies.onceAMonth')}</div>
          </div>
        ),
      });
      if (!go) return;
    }
    try {
      const result = await mutation.mutateAsync({ merchantId: info.merchant.id, sn, rates });
      Toast.show({ icon: 'success', content: t('policies.rateSubmitted') });
      if (result.ids.length === 1)
        navigate(`/pages/home/policy/changeRateInfo?id=${result.ids[0]}`, { replace: true });
      else
        navigate(`/pages/home/policy/changeRateList?merchantId=${info.merchant.id}`, {
          replace: true,
        });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const index =
        err instanceof ApiError ? /^rates\.(\d+)\./.exec(err.field ?? '')?.[1] : undefined;
      setServerError({
        rateType: index !== undefined ? rates[Number(index)]?.rateType : undefined,
        message,
      });
      Toast.show({ content: message, duration: 2500 });
    }
  };

  return (
    <>
      <div className="pol-note">{t('policies.onceAMonth')}</div>
      {!info.canChange && (
        <div className="pol-note pol-warn" data-testid="cannot-change">
          {info.cannotChangeReason}
        </div>
      )}
      {serverError && serverError.rateType === undefined && (
        <div className="pol-note pol-warn" role="alert" data-testid="form-error">
          {serverError.message}
        </div>
      )}
      <div className="pol-card">
        {info.rates.map((r) => {
          const label = rateLabel(r.rateType, lang);
          const value = inputToRate(r.rateType, text[r.rateType] ?? '');
          const margin =
            r.ownCost !== null && Number.isFinite(value)
              ? isCapRateType(r.rateType)
                ? value - r.ownCost
                : shareFen(SIMULATOR_VOLUME_FEN, value - r.ownCost)
              : null;
          return (
            <div className="pol-line" key={r.rateType} data-testid={`rate-line-${r.rateType}`}>
              <div className="pol-line-head">
                {label}
                <span className="pol-muted">
                  {t('policies.currentRate')}{' '}
                  <b data-testid={`current-${r.rateType}`}>{rateText(r.rateType, r.rate, lang)}</b>
                </span>
              </div>
              <div className="pol-line-body">
                <FieldInput
                  label={`${label} ${t('policies.newRate')}`}
                  value={text[r.rateType] ?? ''}
                  unit={rateUnit(r.rateType, lang)}
                  testId={`new-rate-${r.rateType}`}
                  disabled={locked(r)}
                  error={liveError(r)}
                  onChange={(v) => {
                    setServerError(null);
                    setText((prev) => ({ ...prev, [r.rateType]: v }));
                  }}
                />
                <div className="pol-line-info">
                  <div>
                    {t('policies.standardRate')} {rateText(r.rateType, r.standardRate, lang)}
                  </div>
                  <div>
                    {t('policies.allowed', {
                      min: rateText(r.rateType, r.minAllowed, lang),
                      max: rateText(r.rateType, r.maxAllowed, lang),
                    })}
                  </div>
                  {margin !== null && !isCapRateType(r.rateType) && (
                    <div>{t('policies.myMargin', { v: money(margin, lang) })}</div>
                  )}
                  {r.changedThisMonth && (
                    <div className="pol-error">
                      {t('policies.changedThisMonth', {
                        date: formatDate(r.nextChangeAt, 'yyyy-mm-dd'),
                      })}
                    </div>
                  )}
                  {r.pendingChangeId !== null && (
                    <button
                      type="button"
                      className="pol-link"
                      onClick={() =>
                        navigate(`/pages/home/policy/changeRateInfo?id=${r.pendingChangeId}`)
                      }
                    >
                      {t('policies.pendingChange')} › {t('policies.viewChange')}
                    </button>
                  )}
                </div>
              </div>
            </div>
          );
        })}
      </div>
      {info.canChange && (
        <div className="pol-footer">
          <Button
            block
            color="primary"
            size="large"
            loading={mutation.isPending}
            onClick={() => void submit()}
            data-testid="rate-submit"
          >
            {t('policies.submit')}
          </Button>
        </div>
      )}
    </>
  );
}
