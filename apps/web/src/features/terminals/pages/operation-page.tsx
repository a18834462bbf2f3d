import type { TerminalOperatePreview, TerminalTargetAgent } from '@pos/core';
import { Button, List, Selector, TextArea, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { useOperateTerminals } from '../api/operate-terminals';
import { usePreviewOperation } from '../api/preview-operation';
import { useTargetAgent } from '../api/get-target-agents';
import { AgentPicker } from '../components/agent-picker';
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
    try {
      setPreview(await previewCall.mutateAsync(input));
    } catch {
      setPreview(null);
    }
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
        busy={operate.isPending}
        onCancel={() => setPreview(null)}
        onConfirm={() => void onConfirm()}
      />
    </Page>
  );
}
