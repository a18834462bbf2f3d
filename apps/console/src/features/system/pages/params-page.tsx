import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import type { SystemParamRow } from '@pos/core';
import { App, Descriptions, Input, Modal, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { consoleColumns } from '@/components/keyset-table';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { paramName, paramView } from '../lib/param-words';

const LIST_TABLE = { borderCollapse: 'collapse', minWidth: 240 } as const;
const LIST_CELL = { border: '1px solid #f0f0f0', padding: '4px 12px', textAlign: 'left' } as const;

/**
 * System parameters: each by its name in words with its key beneath, its value formatted (money
 * in yuan, lists as a table). Editing writes the stored value; the server validates the JSON ones.
 */
export default function ParamsPage() {
  const { t, L, lang } = useI18n();
  const { message } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<SystemParamRow | null>(null);
  const [value, setValue] = useState('');

  const valueCell = (raw: string, testId?: string) => {
    const view = paramView(raw, lang);
    if (view.kind === 'text') return <span data-testid={testId}>{view.text}</span>;
    if (view.kind === 'fields')
      return (
        <Descriptions size="small" column={1} bordered data-testid={testId}>
          {view.fields.map((f) => (
            <Descriptions.Item key={f.key} label={f.label}>
              {f.text}
            </Descriptions.Item>
          ))}
        </Descriptions>
      );
    // A plain small table: antd's Table inside a cell is indented as if it were an expanded row.
    return (
      <table data-testid={testId} style={LIST_TABLE}>
        <thead>
          <tr>
            {view.columns.map((c) => (
              <th key={c.key} style={{ ...LIST_CELL, background: '#fafafa', fontWeight: 500 }}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row, i) => (
            <tr key={i}>
              {view.columns.map((c) => (
                <td key={c.key} style={LIST_CELL}>
                  {row[c.key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  };

  const columns: ProColumns<SystemParamRow>[] = [
    {
      title: L('参数'),
      dataIndex: 'name',
      width: 220,
      render: (_, r) => (
        <div data-testid={`param-${r.key}`}>
          <div>{paramName(r.key, r.name, lang)}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.key}
          </Typography.Text>
          {r.public && (
            <div>
              <Tag style={{ marginTop: 4 }}>{L('App可读')}</Tag>
            </div>
          )}
        </div>
      ),
    },
    {
      title: L('取值'),
      dataIndex: 'value',
      render: (_, r) => valueCell(r.value, `param-value-${r.key}`),
    },
    { title: L('更新时间'), dataIndex: 'updatedAt', valueType: 'dateTime', width: 190 },
    {
      title: t('actions'),
      valueType: 'option',
      width: 80,
      render: (_, r) => [
        <a
          key="e"
          data-testid={`param-edit-${r.key}`}
          onClick={() => {
            setEditing(r);
            setValue(r.value);
          }}
        >
          {t('edit')}
        </a>,
      ],
    },
  ];
  return (
    <>
      <ProTable<SystemParamRow>
        actionRef={ref}
        rowKey="key"
        headerTitle={t('params')}
        search={false}
        pagination={false}
        options={{ density: false, setting: false, reload: true }}
        scroll={{ x: 'max-content' }}
        columns={consoleColumns(columns, lang)}
        request={async () => ({ data: await api<SystemParamRow[]>('/params'), success: true })}
      />
      <Modal
        open={editing !== null}
        width={560}
        title={
          editing && (
            <span>
              {paramName(editing.key, editing.name, lang)}{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {editing.key}
              </Typography.Text>
            </span>
          )
        }
        onCancel={() => setEditing(null)}
        onOk={async () => {
          await api('/params/save', { body: { key: editing!.key, value } });
          void message.success(`${L('已保存')}：${paramName(editing!.key, editing!.name, lang)}`);
          setEditing(null);
          void ref.current?.reload();
        }}
      >
        <Typography.Paragraph type="secondary">
          {L('按存储格式填写；JSON 中以 Fen 结尾的金额单位为分。')}
        </Typography.Paragraph>
        <Input.TextArea
          rows={6}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          data-testid="param-input"
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 4 }}>
          {L('预览')}
        </Typography.Paragraph>
        {valueCell(value)}
      </Modal>
    </>
  );
}
