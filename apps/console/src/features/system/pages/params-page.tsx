import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import type { SystemParamRow } from '@pos/core';
import { App, Input, Modal } from 'antd';
import { useRef, useState } from 'react';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

/** System parameters; the server validates agent_common_level as its JSON list. */
export default function ParamsPage() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<SystemParamRow | null>(null);
  const [value, setValue] = useState('');
  const columns: ProColumns<SystemParamRow>[] = [
    { title: 'Key', dataIndex: 'key' },
    { title: t('title'), dataIndex: 'name' },
    { title: 'Value', dataIndex: 'value', ellipsis: true },
    { title: t('createdAt'), dataIndex: 'updatedAt', valueType: 'dateTime' },
    {
      title: t('actions'),
      valueType: 'option',
      render: (_, r) => [
        <a
          key="e"
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
        columns={columns}
        request={async () => ({ data: await api<SystemParamRow[]>('/params'), success: true })}
      />
      <Modal
        open={editing !== null}
        title={editing?.key}
        onCancel={() => setEditing(null)}
        onOk={async () => {
          await api('/params/save', { body: { key: editing!.key, value } });
          void message.success('✓');
          setEditing(null);
          void ref.current?.reload();
        }}
      >
        <Input.TextArea rows={6} value={value} onChange={(e) => setValue(e.target.value)} />
      </Modal>
    </>
  );
}
