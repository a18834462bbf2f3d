import { formatDate } from '@pos/core';
import { App, Card, Select, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '@/app/auth';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { withZone } from '@/lib/time-zone';
import { pushReasonWords } from '../push-reason';

interface PushView {
  id: number;
  channel: string;
  orderNo: string | null;
  outcome: string;
  reason: string | null;
  remoteIp: string | null;
  size: number;
  receivedAt: string;
}

const OUTCOME_COLORS: Record<string, string> = {
  refused: 'red',
  flagged: 'gold',
  received: 'blue',
};
const OUTCOME_WORDS: Record<string, string> = {
  refused: '已拒绝',
  flagged: '已标记',
  received: '未处理完',
};

/**
 * Channel pushes the operators must look at: refused (signature, key, address, another channel's
 * terminal) and flagged (something the mapping does not know). A stored push can be replayed once
 * its cause is fixed; what it applied before stays applied once.
 */
export default function ChannelPushesPage() {
  const { t, L, lang } = useI18n();
  const { can } = useAuth();
  const { modal, message } = App.useApp();
  const [outcome, setOutcome] = useState<string | undefined>(undefined);
  const [list, setList] = useState<PushView[]>([]);
  const load = useCallback(async () => {
    setList(await api<PushView[]>(`/channels/pushes${outcome ? `?outcome=${outcome}` : ''}`));
  }, [outcome]);
  useEffect(() => {
    void load();
  }, [load]);

  const replay = (p: PushView) =>
    modal.confirm({
      title: `${L('重放推送')} #${p.id} · ${p.channel} · ${p.orderNo ?? '-'}`,
      content: pushReasonWords(p.reason, lang),
      okButtonProps: { 'data-testid': 'confirm-replay' } as Record<string, string>,
      onOk: async () => {
        const r = await api<{ outcome: string; reason: string | null }>('/channels/pushes/replay', {
          body: { id: p.id },
        });
        void message.info(
          `#${p.id}: ${L(OUTCOME_WORDS[r.outcome] ?? r.outcome)}${r.reason ? ` · ${pushReasonWords(r.reason, lang)}` : ''}`,
        );
        await load();
      },
    });

  return (
    <Card
      title={t('channelPushes')}
      extra={
        <Select
          allowClear
          placeholder={L('全部')}
          style={{ width: 160 }}
          value={outcome}
          onChange={setOutcome}
          options={Object.keys(OUTCOME_WORDS).map((k) => ({
            value: k,
            label: L(OUTCOME_WORDS[k]!),
          }))}
        />
      }
    >
      <Table<PushView>
        rowKey="id"
        dataSource={list}
        pagination={false}
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: L('通道编码'), dataIndex: 'channel' },
          { title: L('通道单号'), dataIndex: 'orderNo', ellipsis: true },
          {
            title: L('结果'),
            render: (_, p) => (
              <Tag color={OUTCOME_COLORS[p.outcome]}>
                {L(OUTCOME_WORDS[p.outcome] ?? p.outcome)}
              </Tag>
            ),
          },
          {
            title: t('reason'),
            dataIndex: 'reason',
            ellipsis: { showTitle: true },
            render: (_, p) => pushReasonWords(p.reason, lang),
          },
          { title: L('来源地址'), dataIndex: 'remoteIp' },
          {
            title: withZone(t('createdAt'), lang),
            dataIndex: 'receivedAt',
            render: (_, p) => formatDate(p.receivedAt, 'yyyy-mm-dd hh:MM:ss'),
          },
          {
            title: t('actions'),
            render: (_, p) =>
              can('channel:manage') ? (
                <Space>
                  <a onClick={() => replay(p)} data-testid={`replay-${p.id}`}>
                    {L('重放推送')}
                  </a>
                </Space>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
