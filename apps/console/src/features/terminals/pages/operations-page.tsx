import type { ProColumns } from '@ant-design/pro-components';
import { adminOperateTypeOptions, operateStatusOptions, type AdminOperation } from '@pos/core';
import { Descriptions, Drawer, List, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { KeysetTable, shanghaiTime } from '@/components/keyset-table';
import { useI18n } from '@/lib/i18n';
import { withZone } from '@/lib/time-zone';
import { runText, snRunsText } from '../lib/sn-runs-text';

/** A cell's text on one line, cut with an ellipsis at the column's width. */
const ONE_LINE = {
  display: 'inline-block',
  maxWidth: 214,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

/** Every terminal operation in every tree (allocations, transfers, recalls, binds, the platform's). */
export default function OperationsPage() {
  const { lang, L, t } = useI18n();
  const [open, setOpen] = useState<AdminOperation | null>(null);
  const typeEnum = Object.fromEntries(
    adminOperateTypeOptions.map((o) => [o.value, { text: o[lang] }]),
  );
  const statusEnum = Object.fromEntries(
    operateStatusOptions.map((o) => [o.value, { text: o[lang] }]),
  );
  const statusTag = (r: AdminOperation) => (
    <Tag color={r.status === 1 ? 'green' : r.status === 2 ? 'red' : 'gold'}>
      {statusEnum[r.status]?.text}
    </Tag>
  );
  const columns: ProColumns<AdminOperation>[] = [
    { title: 'ID', dataIndex: 'id', search: false, sorter: true, width: 70 },
    {
      title: L('类型'),
      dataIndex: 'type',
      valueType: 'select',
      valueEnum: typeEnum,
      width: 90,
    },
    {
      title: L('状态'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: statusEnum,
      width: 90,
      render: (_, r) => statusTag(r),
    },
    { title: 'SN', dataIndex: 'sn', hideInTable: true },
    { title: L('代理商手机号或邀请码'), dataIndex: 'agent', hideInTable: true },
    {
      title: L('从'),
      dataIndex: 'from',
      valueType: 'date',
      hideInTable: true,
      fieldProps: { format: 'YYYY-MM-DD' },
    },
    {
      title: L('至'),
      dataIndex: 'to',
      valueType: 'date',
      hideInTable: true,
      fieldProps: { format: 'YYYY-MM-DD' },
    },
    { title: L('数量'), dataIndex: 'count', search: false, width: 70 },
    {
      title: L('SN段'),
      dataIndex: 'snRuns',
      search: false,
      width: 230,
      render: (_, r) => {
        const text = snRunsText(r.snRuns, r.runCount, lang);
        return (
          <Tooltip title={text}>
            <span data-testid={`op-sns-${r.id}`} style={ONE_LINE}>
              {text || '—'}
            </span>
          </Tooltip>
        );
      },
    },
    { title: L('转出方'), dataIndex: 'fromAgentName', search: false, width: 110, ellipsis: true },
    { title: L('接收方'), dataIndex: 'toAgentName', search: false, width: 110, ellipsis: true },
    { title: L('商户'), dataIndex: 'merchantName', search: false, width: 140, ellipsis: true },
    { title: L('操作人'), dataIndex: 'operatorName', search: false, width: 100, ellipsis: true },
    { title: L('原因'), dataIndex: 'reason', search: false, width: 140, ellipsis: true },
    {
      title: L('处理意见'),
      dataIndex: 'decisionReason',
      search: false,
      width: 140,
      ellipsis: true,
    },
    { title: L('时间'), dataIndex: 'createdAt', valueType: 'dateTime', search: false, width: 190 },
    {
      title: t('actions'),
      valueType: 'option',
      width: 80,
      render: (_, r) => [
        <a key="d" onClick={() => setOpen(r)} data-testid={`op-detail-${r.id}`}>
          {L('详情')}
        </a>,
      ],
    },
  ];
  return (
    <>
      <KeysetTable<AdminOperation>
        headerTitle={L('终端操作记录')}
        path="/terminals/operations"
        rowKey="id"
        fileName="terminal-operations"
        columns={columns}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={560}
        title={open ? `${typeEnum[open.type]?.text ?? ''} #${open.id}` : ''}
      >
        {open && (
          <div data-testid="op-drawer">
            <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={L('状态')}>{statusTag(open)}</Descriptions.Item>
              <Descriptions.Item label={L('操作人')}>{open.operatorName}</Descriptions.Item>
              <Descriptions.Item label={L('转出方')}>{open.fromAgentName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={L('接收方')}>{open.toAgentName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={L('商户')}>{open.merchantName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={L('数量')}>{open.count}</Descriptions.Item>
              <Descriptions.Item label={L('原因')}>{open.reason || '—'}</Descriptions.Item>
              <Descriptions.Item label={L('处理意见')}>
                {open.decisionReason || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={withZone(L('时间'), lang)}>
                {shanghaiTime(open.createdAt)}
              </Descriptions.Item>
              <Descriptions.Item label={withZone(L('处理时间'), lang)}>
                {shanghaiTime(open.decidedAt)}
              </Descriptions.Item>
            </Descriptions>
            <List
              size="small"
              bordered
              header={L('SN段')}
              dataSource={open.snRuns}
              renderItem={(r) => (
                <List.Item extra={r.count}>
                  <span>{runText(r)}</span>
                </List.Item>
              )}
              footer={
                open.runCount > open.snRuns.length
                  ? lang === 'zh'
                    ? `共 ${open.runCount} 段，此处列出前 ${open.snRuns.length} 段`
                    : `${open.runCount} runs in all; the first ${open.snRuns.length} are listed`
                  : undefined
              }
            />
          </div>
        )}
      </Drawer>
    </>
  );
}
