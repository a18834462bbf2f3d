import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { licenceStatusOptions, type AdminLicence } from '@pos/core';
import { App, Input, Space } from 'antd';
import { useRef } from 'react';
import { AuthImage } from '@/components/auth-image';
import { KeysetTable } from '@/components/keyset-table';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

export default function LicencesPage() {
  const { t, lang, L } = useI18n();
  const { modal } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const decide = (id: number, approve: boolean) => {
    let reason = '';
    modal.confirm({
      title: approve ? L('通过') : L('驳回'),
      content: approve ? null : (
        <Input.TextArea placeholder={t('reason')} onChange={(e) => (reason = e.target.value)} />
      ),
      onOk: async () => {
        await api('/licences/decide', { body: { id, approve, reason: reason || undefined } });
        void ref.current?.reload();
      },
    });
  };
  const columns: ProColumns<AdminLicence>[] = [
    { title: 'ID', dataIndex: 'id', search: false },
    { title: L('商户号'), dataIndex: 'merchantNo', search: false },
    { title: L('商户'), dataIndex: 'name', search: false },
    { title: t('agent'), dataIndex: 'agentName', search: false },
    { title: L('执照号'), dataIndex: 'licenceNo', search: false },
    { title: L('执照名称'), dataIndex: 'licenceName', search: false },
    {
      title: L('图片'),
      dataIndex: 'files',
      search: false,
      render: (_, r) => (
        <Space>
          {r.files.map((f) => (
            <AuthImage key={f.id} path={`/licences/file?id=${f.id}`} alt={f.kind} />
          ))}
        </Space>
      ),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      valueType: 'select',
      initialValue: '1',
      valueEnum: Object.fromEntries(
        licenceStatusOptions.map((o) => [String(o.value), { text: o[lang] }]),
      ),
      render: (_, r) => licenceStatusOptions.find((o) => o.value === r.licenceStatus)?.[lang],
    },
    {
      title: t('actions'),
      valueType: 'option',
      render: (_, r) =>
        r.licenceStatus === 1
          ? [
              <a key="y" onClick={() => decide(r.id, true)}>
                通过
              </a>,
              <a key="n" onClick={() => decide(r.id, false)}>
                驳回
              </a>,
            ]
          : [],
    },
  ];
  return (
    <KeysetTable<AdminLicence>
      actionRef={ref}
      headerTitle={t('merchants')}
      path="/licences"
      rowKey="id"
      fileName="licences"
      columns={columns}
    />
  );
}
