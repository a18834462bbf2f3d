import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { identifyStatusOptions, type AdminIdentification } from '@pos/core';
import { App, Input, Space } from 'antd';
import { useRef } from 'react';
import { AuthImage } from '@/components/auth-image';
import { KeysetTable } from '@/components/keyset-table';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

/**
 * Identifications the built-in verification refused: the operator compares both sides of the ID
 * card with the merchant's legal person and approves, or confirms the refusal with a reason the
 * agent sees.
 */
export default function IdentificationsPage() {
  const { t, lang, L } = useI18n();
  const { modal } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const decide = (r: AdminIdentification, approve: boolean) => {
    let reason = '';
    modal.confirm({
      title: `${approve ? L('通过认证') : L('驳回认证')} · ${r.name}`,
      content: approve ? (
        <p>
          {L('法人')} {r.legalName} {r.idCardMasked}
        </p>
      ) : (
        <Input.TextArea
          data-testid="identify-reason"
          placeholder={L('驳回理由（代理商可见）')}
          onChange={(e) => (reason = e.target.value)}
        />
      ),
      onOk: async () => {
        await api('/identifications/decide', {
          body: { id: r.id, approve, reason: reason.trim() || undefined },
        });
        void ref.current?.reload();
      },
    });
  };
  const columns: ProColumns<AdminIdentification>[] = [
    {
      title: t('status'),
      dataIndex: 'review',
      valueType: 'select',
      hideInTable: true,
      initialValue: 'pending',
      valueEnum: {
        pending: { text: L('待复核') },
        rejected: { text: L('已驳回') },
        verified: { text: L('已认证') },
      },
    },
    { title: L('商户号或名称'), dataIndex: 'keyword', hideInTable: true },
    { title: 'ID', dataIndex: 'id', search: false },
    { title: L('商户号'), dataIndex: 'merchantNo', search: false },
    { title: L('商户'), dataIndex: 'name', search: false },
    { title: L('法人'), dataIndex: 'legalName', search: false },
    { title: L('身份证号'), dataIndex: 'idCardMasked', search: false },
    { title: t('agent'), dataIndex: 'agentName', search: false },
    {
      title: L('身份证照片'),
      dataIndex: 'frontFileId',
      search: false,
      render: (_, r) => (
        <Space>
          {[r.frontFileId, r.backFileId]
            .filter((id): id is number => id !== null)
            .map((id) => (
              <AuthImage key={id} path={`/licences/file?id=${id}`} alt={String(id)} />
            ))}
        </Space>
      ),
    },
    {
      title: L('认证结果'),
      dataIndex: 'identifyStatus',
      search: false,
      render: (_, r) => identifyStatusOptions.find((o) => o.value === r.identifyStatus)?.[lang],
    },
    { title: L('原因'), dataIndex: 'reason', search: false },
    {
      title: t('actions'),
      valueType: 'option',
      render: (_, r) =>
        r.identifyStatus === 2 && !r.reviewedAt
          ? [
              <a key="y" data-testid={`identify-approve-${r.id}`} onClick={() => decide(r, true)}>
                {L('通过')}
              </a>,
              <a key="n" data-testid={`identify-reject-${r.id}`} onClick={() => decide(r, false)}>
                {L('驳回')}
              </a>,
            ]
          : [],
    },
  ];
  return (
    <KeysetTable<AdminIdentification>
      actionRef={ref}
      headerTitle={L('身份认证复核')}
      path="/identifications"
      rowKey="id"
      fileName="identifications"
      columns={columns}
    />
  );
}
