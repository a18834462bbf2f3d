import { terminalOperateTypeOptions, type SnHistory } from '@pos/core';
import { Card, Descriptions, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

const OP_STATUS = ['待处理', '已通过', '已拒绝'];
const BIND = ['未绑定', '已绑定', '', '已激活'];

/** Any SN's whole history, whichever tree it passed through. */
export default function HistoryPage() {
  const { t, L, lang } = useI18n();
  const [h, setH] = useState<SnHistory | null>(null);
  return (
    <Card title={t('snHistory')}>
      <Input.Search
        placeholder="SN"
        enterButton={t('search')}
        style={{ maxWidth: 420, marginBottom: 16 }}
        onSearch={async (sn) => {
          setH(null);
          if (sn.trim())
            setH(await api<SnHistory>(`/terminals/history?sn=${encodeURIComponent(sn.trim())}`));
        }}
      />
      {h && (
        <>
          <Descriptions bordered size="small" column={3} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="SN">{h.terminal.sn}</Descriptions.Item>
            <Descriptions.Item
              label={L('品牌')}
            >{`${h.terminal.brand} ${h.terminal.model}`}</Descriptions.Item>
            <Descriptions.Item label={t('status')}>
              {h.terminal.deleted ? (
                <Tag color="red">{L('已删除')}</Tag>
              ) : (
                L(BIND[h.terminal.bindStatus] ?? '')
              )}
            </Descriptions.Item>
            <Descriptions.Item label={L('持有人')}>
              {h.terminal.holderName ?? L('平台')}
            </Descriptions.Item>
            <Descriptions.Item label={L('商户')}>
              {h.terminal.merchantName ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('createdAt')}>
              {new Date(h.terminal.createdAt).toLocaleString()}
            </Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="id"
            dataSource={h.operations}
            pagination={{ pageSize: 20 }}
            columns={[
              { title: 'ID', dataIndex: 'id' },
              {
                title: t('type'),
                dataIndex: 'type',
                render: (v: number) =>
                  terminalOperateTypeOptions.find((o) => o.value === v)?.[lang] ?? v,
              },
              {
                title: t('status'),
                dataIndex: 'status',
                render: (v: number) => L(OP_STATUS[v] ?? ''),
              },
              { title: L('操作人'), dataIndex: 'operatorName' },
              {
                title: L('从'),
                dataIndex: 'fromName',
                render: (v: string | null) => v ?? L('平台'),
              },
              { title: L('至'), dataIndex: 'toName', render: (v: string | null) => v ?? L('平台') },
              { title: t('reason'), dataIndex: 'reason' },
              {
                title: t('createdAt'),
                dataIndex: 'createdAt',
                render: (v: string) => new Date(v).toLocaleString(),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
