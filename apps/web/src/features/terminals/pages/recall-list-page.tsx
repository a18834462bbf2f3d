import type { TerminalOperationRecord } from '@pos/core';
import { Button, Dialog, Selector, Tabs, TextArea, Toast } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { useDecideRecall } from '../api/decide-recall';
import { useOperations } from '../api/get-operations';
import { OperationRecords } from '../components/operation-records';
import '../i18n';
import '../terminals.css';

/**
 * Recall records: those waiting for my answer (accept or reject; unanswered ones pass by
 * themselves after 72 hours) and those I started, filterable by status.
 */
export default function RecallListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mine' ? 'mine' : 'incoming';
  const statusParam = params.get('status');
  const status =
    statusParam !== null && /^[0-2]$/.test(statusParam) ? Number(statusParam) : undefined;
  const q = useOperations({ type: 2, status, role: tab });
  const decide = useDecideRecall();
  const reasonRef = useRef('');

  const update = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  const answer = async (r: TerminalOperationRecord, accept: boolean) => {
    reasonRef.current = '';
    const ok = await Dialog.confirm({
      title: accept ? t('terminals.accept') : t('terminals.reject'),
      content: accept ? (
        t('terminals.acceptConfirm', { n: r.count, name: r.counterparty.name })
      ) : (
        <TextArea
          placeholder={t('terminals.rejectReason')}
          maxLength={200}
          rows={3}
          onChange={(v) => {
            reasonRef.current = v;
          }}
        />
      ),
    });
    if (!ok) return;
    try {
      const res = await decide.mutateAsync({
        operationId: r.id,
        accept,
        reason: accept ? undefined : reasonRef.current.trim() || undefined,
      });
      Toast.show({ icon: 'success', content: res.msg });
    } catch {
      // The request client has shown the server's message.
    }
  };

  const decideButtons = (r: TerminalOperationRecord) =>
    r.canDecide ? (
      <>
        <Button
          size="small"
          color="danger"
          fill="outline"
          onClick={() => void answer(r, false)}
          data-testid={`reject-${r.id}`}
        >
          {t('terminals.reject')}
        </Button>
        <Button
          size="small"
          color="primary"
          onClick={() => void answer(r, true)}
          data-testid={`accept-${r.id}`}
        >
          {t('terminals.accept')}
        </Button>
      </>
    ) : undefined;

  return (
    <Page title={t('terminals.recallTitle')} className="term-page" backTo="/pages/terminal/index">
      <div className="term-sticky">
        <Tabs activeKey={tab} onChange={(k) => update('tab', k === 'mine' ? 'mine' : undefined)}>
          <Tabs.Tab key="incoming" title={t('terminals.recallIncoming')} />
          <Tabs.Tab key="mine" title={t('terminals.recallMine')} />
        </Tabs>
        <div className="term-filter-row">
          <Selector
            columns={4}
            value={[status === undefined ? 'all' : String(status)]}
            onChange={(v) => {
              // Tapping the current status keeps it; antd-mobile would leave none chosen.
              if (v[0] === undefined) return;
              update('status', v[0] === 'all' ? undefined : v[0]);
            }}
            options={[
              { label: t('terminals.filterAll'), value: 'all' },
              { label: t('terminals.statuses.0'), value: '0' },
              { label: t('terminals.statuses.1'), value: '1' },
              { label: t('terminals.statuses.2'), value: '2' },
            ]}
          />
        </div>
      </div>
      <OperationRecords query={q} testId="recall-list" actions={decideButtons} />
    </Page>
  );
}
