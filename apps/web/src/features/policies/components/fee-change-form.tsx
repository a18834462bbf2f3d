import { formatMoney, parseSnList, parseSnRange, type FeeShare } from '@pos/core';
import { Button, Dialog, Selector, Toast } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { ApiError } from '@/lib/api-client';
import { useChangeFee } from '../api/change-fee';
import { useAgentPolicy } from '../api/get-agent-policy';
import { useOwnPolicies } from '../api/get-own-policies';
import { useLang } from '@/lib/use-lang';
import { FieldInput } from './field-input';
import { DetailSkeleton, EmptyBlock } from './list-states';
import { PolicySelector } from './policy-tabs';
import { money } from './policy-format';
import { StockPicker } from './stock-picker';

type Mode = 'list' | 'range';

/**
 * A service fee (kind 1) or communication fee (kind 2) change for a batch of unbound terminals the
 * caller holds: the terminals by SN list (typed, pasted or ticked from stock) or SN range, and one
 * of the options the policy allows, each with the caller's share of it.
 */
export function FeeChangeForm({ kind }: { kind: 1 | 2 }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const own = useOwnPolicies();
  const [policyId, setPolicyId] = useState<number | undefined>();
  const chosen = own.data?.find((p) => p.policyId === (policyId ?? own.data?.[0]?.policyId));
  const detail = useAgentPolicy(chosen?.id);
  const [mode, setMode] = useState<Mode>('list');
  const [snText, setSnText] = useState('');
  const [startSn, setStartSn] = useState('');
  const [endSn, setEndSn] = useState('');
  const [feeFen, setFeeFen] = useState<number | undefined>();
  const [picking, setPicking] = useState(false);
  // Current fees of the terminals the stock picker listed: typed SNs are checked by the server.
  const [knownFeesFen, setKnownFeesFen] = useState<Record<string, number>>({});
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<{ field?: string; message: string } | null>(null);
  const mutation = useChangeFee();

  const options = chosen
    ? kind === 1
      ? chosen.serviceFeeOptionsFen
      : chosen.commFeeOptionsFen
    : [];
  const shares: FeeShare[] = detail.data
    ? kind === 1
      ? detail.data.terms.serviceFeeShares
      : detail.data.terms.commFeeShares
    : [];
  const selection = useMemo(
    () => (mode === 'list' ? parseSnList(snText) : parseSnRange(startSn, endSn)),
    [mode, snText, startSn, endSn],
  );
  const count = selection.ok
    ? Array.isArray(selection.value)
      ? selection.value.length
      : selection.value.count
    : 0;
  const atTarget =
    feeFen !== undefined && mode === 'list' && selection.ok && Array.isArray(selection.value)
      ? selection.value.filter((sn) => knownFeesFen[sn] === feeFen)
      : [];
  const snError =
    serverError && (serverError.field === 'sns' || serverError.field === 'startSn')
      ? serverError.message
      : touched && !selection.ok
        ? selection.error
        : null;
  const feeError =
    serverError?.field === 'feeFen'
      ? serverError.message
      : touched && feeFen === undefined
        ? t('policies.pickFee')
        : null;

  if (own.isLoading) return <DetailSkeleton />;
  if (own.isError) return <LoadError error={own.error} onRetry={() => void own.refetch()} />;
  if (!own.data?.length || !chosen)
    return <EmptyBlock title={t('policies.noPolicy')} description={t('policies.noPolicyDesc')} />;

  const submit = async () => {
    setTouched(true);
    setServerError(null);
    if (!selection.ok || feeFen === undefined || atTarget.length > 0) return;
    const body =
      mode === 'list'
        ? { kind, sns: selection.value as string[], feeFen }
        : { kind, startSn: startSn.trim(), endSn: endSn.trim(), feeFen };
    // What the merchants will be charged changes at the acquirer: show it, then ask.
    const go = await Dialog.confirm({
      title: t('policies.confirmFeeTitle'),
      content: (
        <div data-testid="fee-confirm">
          {t('policies.confirmFee', {
            n: count,
            kind: kind === 1 ? t('policies.feeKindService') : t('policies.feeKindComm'),
            fee: money(feeFen, lang),
          })}
        </div>
      ),
    });
    if (!go) return;
    try {
      const result = await mutation.mutateAsync(body);
      Toast.show({ icon: 'success', content: t('policies.feeSubmitted', { n: result.count }) });
      navigate(`/pages/home/policy/changeServiceInfo?id=${result.id}`, { replace: true });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setServerError({ field: err instanceof ApiError ? err.field : undefined, message });
      Toast.show({ content: message, duration: 2500 });
    }
  };

  return (
    <>
      <div className="pol-note">{t('policies.onlyUnbound')}</div>
      <div className="pol-card">
        <div className="pol-muted" style={{ marginBottom: 6 }}>
          {t('policies.pickPolicy')}
        </div>
        <PolicySelector
          policies={own.data}
          value={chosen.policyId}
          onChange={(id) => {
            setPolicyId(id);
            setFeeFen(undefined);
          }}
        />
      </div>
      <div className="pol-card">
        <div className="pol-card-title">
          {t('policies.snMode')}
          {count > 0 && <small data-testid="sn-count">{t('policies.snCount', { n: count })}</small>}
        </div>
        <Selector
          columns={2}
          showCheckMark={false}
          options={[
            { label: t('policies.snList'), value: 'list' },
            { label: t('policies.snRange'), value: 'range' },
          ]}
          value={[mode]}
          onChange={(v) => v[0] && setMode(v[0] as Mode)}
        />
        <div style={{ marginTop: 10 }}>
          {mode === 'list' ? (
            <>
              <div className="pol-textarea">
                <textarea
                  className="pol-textarea-input"
                  value={snText}
                  onChange={(e) => {
                    setServerError(null);
                    setSnText(e.target.value);
                  }}
                  placeholder={t('policies.snListPh')}
                  rows={4}
                  aria-label={t('policies.snList')}
                  data-testid="sn-list"
                  spellCheck={false}
                  autoCapitalize="characters"
                />
              </div>
              <Button
                size="small"
                fill="outline"
                color="primary"
                style={{ marginTop: 8 }}
                onClick={() => setPicking(true)}
                data-testid="pick-stock"
              >
                {t('policies.pickFromStock')}
              </Button>
            </>
          ) : (
            <div className="pol-range">
              <FieldInput
                label={t('policies.startSn')}
                placeholder={t('policies.startSn')}
                value={startSn}
                onChange={setStartSn}
                testId="start-sn"
              />
              <span>~</span>
              <FieldInput
                label={t('policies.endSn')}
                placeholder={t('policies.endSn')}
                value={endSn}
                onChange={setEndSn}
                testId="end-sn"
              />
            </div>
          )}
          {snError && (
            <div className="pol-error" role="alert" data-testid="sn-error">
              {snError}
            </div>
          )}
          {atTarget.length > 0 && feeFen !== undefined && (
            <div className="pol-error" role="alert" data-testid="at-target">
              {t('policies.atTargetWarn', {
                n: atTarget.length,
                fee: money(feeFen, lang),
                sns: atTarget.join('、'),
              })}
              <Button
                size="mini"
                fill="outline"
                color="danger"
                style={{ marginLeft: 6 }}
                data-testid="remove-at-target"
                onClick={() => {
                  const drop = new Set(atTarget);
                  const kept = (
                    selection.ok && Array.isArray(selection.value) ? selection.value : []
                  ).filter((sn) => !drop.has(sn));
                  setSnText(kept.join('\n'));
                }}
              >
                {t('policies.removeAtTarget')}
              </Button>
            </div>
          )}
        </div>
      </div>
      <div className="pol-card">
        <div className="pol-card-title">{t('policies.newFee')}</div>
        <div className="pol-options" role="group" aria-label={t('policies.newFee')}>
          {options.map((o) => {
            const share = shares.find((s) => s.optionFen === o)?.shareFen;
            return (
              <button
                key={o}
                type="button"
                className="pol-option"
                aria-pressed={feeFen === o}
                data-testid={`fee-option-${o}`}
                onClick={() => {
                  setServerError(null);
                  setFeeFen(o);
                }}
              >
                <b>{money(o, lang)}</b>
                {share !== undefined && (
                  <span>{t('policies.feeShareOf', { v: money(share, lang) })}</span>
                )}
              </button>
            );
          })}
        </div>
        {feeError && (
          <div className="pol-error" role="alert">
            {feeError}
          </div>
        )}
        {serverError && !['sns', 'startSn', 'feeFen'].includes(serverError.field ?? '') && (
          <div className="pol-error" role="alert" data-testid="form-error">
            {serverError.message}
          </div>
        )}
      </div>
      <div className="pol-footer">
        <Button
          block
          color="primary"
          size="large"
          loading={mutation.isPending}
          onClick={() => void submit()}
          data-testid="fee-submit"
        >
          {t('policies.submit')}
          {feeFen !== undefined && count > 0 ? ` · ${count} × ${formatMoney(feeFen)}` : ''}
        </Button>
      </div>
      {picking && (
        <StockPicker
          visible={picking}
          kind={kind}
          policyId={chosen.policyId}
          initial={selection.ok && Array.isArray(selection.value) ? selection.value : []}
          targetFeeFen={feeFen}
          onClose={() => setPicking(false)}
          onConfirm={(sns, fees) => {
            setKnownFeesFen((known) => ({ ...known, ...fees }));
            setSnText(sns.join('\n'));
            setMode('list');
            setPicking(false);
          }}
        />
      )}
    </>
  );
}
