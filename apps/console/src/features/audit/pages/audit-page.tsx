import type { ProColumns } from '@ant-design/pro-components';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_LABELS,
  auditActionLabel,
  auditTargetLabel,
  formatDate,
  roleLabels,
  type AuditOperator,
  type AuditRecord,
  type Role,
} from '@pos/core';
import { Descriptions, Drawer, Table, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { KeysetTable } from '@/components/keyset-table';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { withZone } from '@/lib/time-zone';
import {
  auditDiff,
  auditSummary,
  auditValueText,
  fieldLabel,
  type DiffRow,
} from '../lib/audit-diff';

const when = (iso: string) => formatDate(iso, 'yyyy-mm-dd hh:MM:ss');

/**
 * The audit log as an operator reads it: actions and targets in words, a one-line summary of
 * what changed (folded), and a drawer with the record field by field, before beside after, money
 * in yuan. Filters: days, the operator and the action chosen from lists, the target.
 */
export default function AuditPage() {
  const { t, lang, L } = useI18n();
  const [operators, setOperators] = useState<AuditOperator[]>([]);
  const [open, setOpen] = useState<AuditRecord | null>(null);
  useEffect(() => {
    void api<AuditOperator[]>('/audit/operators', { quiet: true })
      .then(setOperators)
      .catch(() => setOperators([]));
  }, []);
  const role = (r: string) => roleLabels[r as Role]?.[lang] ?? r;

  const columns: ProColumns<AuditRecord>[] = [
    {
      title: L('日期'),
      dataIndex: 'days',
      valueType: 'dateRange',
      hideInTable: true,
      // Two full dates side by side: half a row, also at 1024.
      colSize: 1.5,
      fieldProps: { format: 'YYYY-MM-DD' },
      search: { transform: (v: [string, string]) => ({ from: v?.[0], to: v?.[1] }) },
    },
    {
      title: withZone(L('时间'), lang),
      dataIndex: 'createdAt',
      search: false,
      width: 170,
      render: (_, r) => when(r.createdAt),
    },
    {
      title: L('操作人'),
      dataIndex: 'operatorId',
      valueType: 'select',
      width: 190,
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        'data-testid': 'audit-operator',
        options: operators.map((o) => ({ value: o.id, label: `${o.name}（${role(o.role)}）` })),
      },
      render: (_, r) => (
        <span>
          {r.operatorName}
          <Typography.Text type="secondary"> · {role(r.role)}</Typography.Text>
        </span>
      ),
    },
    {
      title: L('操作类型'),
      dataIndex: 'action',
      valueType: 'select',
      width: 170,
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        'data-testid': 'audit-action',
        options: AUDIT_ACTIONS.map((a) => ({ value: a, label: auditActionLabel(a, lang) })),
      },
      render: (_, r) => <Tooltip title={r.action}>{auditActionLabel(r.action, lang)}</Tooltip>,
    },
    {
      title: L('对象类型'),
      dataIndex: 'targetType',
      valueType: 'select',
      hideInTable: true,
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        options: Object.keys(AUDIT_TARGET_LABELS).map((k) => ({
          value: k,
          label: auditTargetLabel(k, lang),
        })),
      },
    },
    { title: L('对象编号'), dataIndex: 'targetId', hideInTable: true },
    {
      title: L('对象'),
      dataIndex: 'target',
      search: false,
      width: 150,
      ellipsis: true,
      render: (_, r) =>
        `${auditTargetLabel(r.targetType, lang)}${r.targetId ? ` #${r.targetId}` : ''}`,
    },
    {
      title: L('变更内容'),
      dataIndex: 'summary',
      search: false,
      width: 320,
      ellipsis: true,
      render: (_, r) => auditSummary(r.before, r.after, lang, r.targetType) || '—',
    },
    { title: L('地址'), dataIndex: 'ip', search: false, width: 130, ellipsis: true },
    {
      title: t('actions'),
      valueType: 'option',
      fixed: 'right',
      width: 80,
      render: (_, r) => [
        <a key="d" onClick={() => setOpen(r)} data-testid={`audit-detail-${r.id}`}>
          {L('详情')}
        </a>,
      ],
    },
  ];

  const valueCell = (row: DiffRow, v: unknown) => {
    const text = auditValueText(row.key, v, lang, open?.targetType);
    return text.includes('\n') || text.length > 60 ? (
      <Typography.Paragraph
        style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
        ellipsis={{ rows: 4, expandable: 'collapsible' }}
      >
        {text}
      </Typography.Paragraph>
    ) : (
      <span style={{ wordBreak: 'break-all' }}>{text}</span>
    );
  };

  return (
    <>
      <KeysetTable<AuditRecord>
        headerTitle={t('audit')}
        path="/audit"
        rowKey="id"
        fileName="audit-log"
        columns={columns}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={Math.min(760, window.innerWidth - 48)}
        title={open ? `${auditActionLabel(open.action, lang)} · #${open.id}` : ''}
        destroyOnHidden
      >
        {open && (
          <div data-testid="audit-drawer">
            <Descriptions column={2} size="small" bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={withZone(L('时间'), lang)}>
                {when(open.createdAt)}
              </Descriptions.Item>
              <Descriptions.Item label={L('操作人')}>
                {open.operatorName}（{role(open.role)}）
              </Descriptions.Item>
              <Descriptions.Item label={L('操作类型')}>
                {auditActionLabel(open.action, lang)}
                <Typography.Text type="secondary"> {open.action}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={L('对象')}>
                {auditTargetLabel(open.targetType, lang)}
                {open.targetId ? ` #${open.targetId}` : ''}
              </Descriptions.Item>
              <Descriptions.Item label={L('地址')} span={2}>
                {open.ip ?? '—'}
              </Descriptions.Item>
            </Descriptions>
            <Table<DiffRow>
              size="small"
              rowKey={(r) => r.key || '_'}
              pagination={false}
              tableLayout="fixed"
              dataSource={auditDiff(open.before, open.after)}
              columns={[
                {
                  title: L('字段'),
                  dataIndex: 'key',
                  width: 150,
                  render: (_, r) => (
                    <span>
                      <Tooltip title={r.key}>{r.key ? fieldLabel(r.key, lang) : '—'}</Tooltip>{' '}
                      {r.changed && <Tag color="orange">{L('已变更')}</Tag>}
                    </span>
                  ),
                },
                {
                  title: L('变更前'),
                  dataIndex: 'before',
                  render: (_, r) => valueCell(r, r.before),
                },
                {
                  title: L('变更后'),
                  dataIndex: 'after',
                  render: (_, r) => valueCell(r, r.after),
                },
              ]}
            />
          </div>
        )}
      </Drawer>
    </>
  );
}
