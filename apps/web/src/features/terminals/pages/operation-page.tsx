import {
  formatMoney,
  type CreditSalePreview,
  type TerminalOperatePreview,
  type TerminalTargetAgent,
} from '@pos/core';
import { Button, List, Selector, TextArea, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { useOperateTerminals } from '../api/operate-terminals';
import { usePreviewOperation } from '../api/preview-operation';
import { useTargetAgent } from '../api/get-target-agents';
import { usePreviewCredit, useSellOnCredit } from '../api/credit';
import { AgentPicker } from '../components/agent-picker';
import {
  CreditTerms,
  noCredit,
  readUnitPrice,
  type CreditTermsValue,
} from '../components/credit-terms';
import { CreditSchedule } from '../components/credit-schedule';
import { usePartyLabel } from '@/lib/party-name';
import { PreviewPopup } from '../components/preview-popup';
import {
  emptySelection,
  readSnSelection,
  SnSelectionInput,
  type SnSelectionValue,
} from '../components/sn-selection';
import { useMyAgentId } from '../hooks/use-role';
import '../i18n';
import '../terminals.css';

type MoveType = 0 | 1 | 2;
const readType = (v: string | null): MoveType => (v === '1' ? 1 : v === '2' ? 2 : 0);
const positiveId = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * Allocate, transfer or recall: pick the other agent, pick the terminals (range, pasted list,
 * camera or ticked from stock), see exactly what moves and to whom, then confirm. The server
 * checks every rule again and names the first SN it refuses.
 */
export default function OperationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMyAgentId();
  const [params, setParams] = useSearchParams();
  const type = readType(params.get('type'));
  const presetId = positiveId(params.get('agentId'));
  const preset = useTargetAgent(type, presetId);
  const [agent, setAgent] = useState<TerminalTargetAgent | null>(null);
  const [picking, setPicking] = useState(false);
  const [selection, setSelection] = useState<SnSelectionValue>(() => emptySelection());
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<TerminalOperatePreview | null>(null);
  const previewCall = usePreviewOperation();
  const operate = useOperateTerminals();
  const [credit, setCredit] = useState<CreditTermsValue>(noCredit);
  const [creditPreview, setCreditPreview] = useState<CreditSalePreview | null>(null);
  const creditPreviewCall = usePreviewCredit();
  const sell = useSellOnCredit();
  const party = usePartyLabel();
  const onCredit = type !== 2 && credit.on;
  const verb = t(`terminals.types.${type}`);

  useEffect(() => {
    if (preset.data) setAgent(preset.data);
  }, [preset.data]);

  const setType = (next: MoveType) => {
    const p = new URLSearchParams(params);
    p.set('type', String(next));
    p.delete('agentId');
    setParams(p, { replace: true });
    setAgent(null);
    setPreview(null);
    setCreditPreview(null);
  };

  /** The credit terms of the request, or null (with the reason shown) when they do not read. */
  const creditTerms = () => {
    const unitPriceFen = readUnitPrice(credit.price);
    if (unitPriceFen === null) {
      Toast.show({ content: t('credit.priceInvalid') });
      return null;
    }
    return { unitPriceFen, instalments: credit.instalments };
  };

  const request = () => {
    const read = readSnSelection(selection);
    if (!read.ok) {
      Toast.show({ content: read.error });
      return null;
    }
    if (!agent) {
      Toast.show({ content: t('terminals.needAgent', { verb }) });
      return null;
    }
    return {
      type,
      ...read.request,
      ...(type === 2 ? { fromAgentId: agent.id } : { toAgentId: agent.id }),
      reason: reason.trim() || undefined,
    };
  };

  // Refusals are shown by the request client (the server's message names the SN); nothing else to do.
  const onPreview = async () => {
    const input = request();
    if (!input) return;
    const terms = onCredit ? creditTerms() : null;
    if (onCredit && !terms) return;
    try {
      const moved = await previewCall.mutateAsync(input);
      setCreditPreview(
        terms && type !== 2
          ? await creditPreviewCall.mutateAsync({ ...input, type, ...terms })
          : null,
      );
      setPreview(moved);
    } catch {
      setPreview(null);
      setCreditPreview(null);
    }
  };

  const onSellOnCredit = async () => {
    const input = request();
    const terms = creditTerms();
    if (!input || !terms || type === 2) return;
    let result;
    try {
      result = await sell.mutateAsync({ ...input, type, ...terms });
    } catch {
      return;
    }
    setPreview(null);
    setCreditPreview(null);
    Toast.show({ icon: 'success', content: result.msg });
    setSelection(emptySelection(selection.mode));
    setReason('');
    setCredit(noCredit());
    navigate(`/pages/home/terminal/creditInfo?id=${result.saleId}`);
  };

  const onConfirm = async () => {
    const input = request();
    if (!input) return;
    let result;
    try {
      result = await operate.mutateAsync(input);
    } catch {
      return;
    }
    setPreview(null);
    Toast.show({ icon: 'success', content: result.msg || t('terminals.done') });
    setSelection(emptySelection(selection.mode));
    setReason('');
    navigate(
      type === 2
        ? '/pages/home/terminal/termBackList?tab=mine'
        : '/pages/home/terminal/termOperatHistory',
    );
  };

  return (
    <Page
      title={t('terminals.operationTitle')}
      className="term-page"
      backTo="/pages/terminal/index"
      right={
        <button
          type="button"
          className="term-nav-button"
          onClick={() => navigate('/pages/home/terminal/termOperatHistory')}
        >
          {t('terminals.records')}
        </button>
      }
    >
      <div className="term-block">
        <Selector
          columns={3}
          value={[type]}
          onChange={(v) => v[0] !== undefined && setType(v[0])}
          options={([0, 1, 2] as const).map((v) => ({
            label: t(`terminals.types.${v}`),
            value: v,
          }))}
          data-testid="operation-type"
        />
        <div className="term-muted term-hint">{t(`terminals.typeHints.${type}`)}</div>
      </div>
      <List mode="card">
        <List.Item
          onClick={() => setPicking(true)}
          extra={agent ? `${agent.name} ${agent.mobile}` : t('terminals.pickAgent')}
          data-testid="pick-agent"
        >
          {t(`terminals.target.${type}`)}
        </List.Item>
      </List>
      <div className="term-block">
        <div className="term-section-title">{t('terminals.terminals')}</div>
        <SnSelectionInput
          key={`${type}-${agent?.id ?? 0}`}
          value={selection}
          onChange={setSelection}
          stockHolderId={type === 2 ? agent?.id : me}
        />
      </div>
      {type !== 2 && <CreditTerms value={credit} onChange={setCredit} />}
      <div className="term-block">
        <div className="term-section-title">{t('terminals.reason')}</div>
        <TextArea
          value={reason}
          onChange={setReason}
          maxLength={200}
          rows={2}
          placeholder={t('terminals.reasonPh')}
        />
      </div>
      <div className="term-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={previewCall.isPending}
          onClick={() => void onPreview()}
          data-testid="preview-button"
        >
          {t('terminals.preview')}
        </Button>
      </div>
      {picking && (
        <AgentPicker
          type={type}
          visible={picking}
          onClose={() => setPicking(false)}
          onPick={(a) => {
            setAgent(a);
            setPicking(false);
          }}
        />
      )}
      <PreviewPopup
        preview={preview}
        busy={operate.isPending || sell.isPending}
        onCancel={() => {
          setPreview(null);
          setCreditPreview(null);
        }}
        onConfirm={() => void (creditPreview ? onSellOnCredit() : onConfirm())}
        confirmLabel={creditPreview ? t('credit.confirmSell') : undefined}
      >
        {creditPreview && (
          <div className="credit-preview" data-testid="credit-preview">
            <List header={t('credit.onCredit')}>
              <List.Item extra={`¥${formatMoney(creditPreview.unitPriceFen)}`}>
                {t('credit.perTerminal')}
              </List.Item>
              <List.Item
                extra={<b data-testid="credit-total">¥{formatMoney(creditPreview.totalFen)}</b>}
              >
                {t('credit.total')}
              </List.Item>
              {creditPreview.hops.length > 1 &&
                creditPreview.hops.map((h) => (
                  <List.Item key={h.hop}>
                    {t('credit.chainHop', { buyer: party(h.buyer), seller: party(h.seller) })}
                  </List.Item>
                ))}
            </List>
            <div className="credit-preview-title">
              {t('credit.scheduleTitle')} · {t('credit.dayHint')}
            </div>
            <CreditSchedule schedule={creditPreview.schedule} compact />
          </div>
        )}
      </PreviewPopup>
    </Page>
  );
}
