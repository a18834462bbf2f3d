import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { licenceStatusOptions, type AdminLicence } from '@pos/core';
import { App, Image, Input, Space, Typography } from 'antd';
import { useRef } from 'react';
import { AuthImage } from '@/components/auth-image';
import { KeysetTable } from '@/components/keyset-table';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { fileKindText, licenceDecisionWords } from '@/lib/review-words';

/**
 * The business licences agents submitted for their merchants: each row names the merchant, its
 * number, the licence's number and name and shows its images; approving or rejecting asks first,
 * naming the merchant and the licence number, and says what was done.
 */
export default function LicencesPage() {
  const { t, lang, L } = useI18n();
  const { modal, message } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const decide = (r: AdminLicence, approve: boolean) => {
    const words = licenceDecisionWords(r, approve, lang);
    let reason = '';
    modal.confirm({
      title: words.title,
      width: 520,
      content: (
        <div data-testid="licence-confirm">
          {words.lines.map((line) => (
            <p key={line} style={{ margin: '4px 0' }}>
              {line}
            </p>
          ))}
          {!approve && (
            <Input.TextArea
              data-testid="licence-reason"
              placeholder={L('驳回理由（代理商可见）')}
              onChange={(e) => (reason = e.target.value)}
            />
          )}
        </div>
      ),
      okText: words.okText,
      okButtonProps: {
        danger: !approve,
        ...({ 'data-testid': 'licence-ok' } as Record<string, string>),
      },
      onOk: async () => {
        await api('/licences/decide', {
          body: { id: r.id, approve, reason: reason.trim() || undefined },
        });
        void message.success(words.done);
        void ref.current?.reload();
      },
    });
  };
  const columns: ProColumns<AdminLicence>[] = [
    {
      title: L('商户'),
      dataIndex: 'name',
      search: false,
      width: 200,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{r.name}</Typography.Text>
          <Typography.Text type="secondary">
            {L('商户号')} {r.merchantNo}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: L('执照号'),
      dataIndex: 'licenceNo',
      search: false,
      render: (_, r) => r.licenceNo ?? L('未填写'),
    },
    { title: L('执照名称'), dataIndex: 'licenceName', search: false, ellipsis: true, width: 130 },
    { title: t('agent'), dataIndex: 'agentName', search: false },
    {
      title: L('图片'),
      dataIndex: 'files',
      search: false,
      render: (_, r) =>
        r.files.length === 0 ? (
          L('未上传图片')
        ) : (
          <Image.PreviewGroup>
            <Space>
              {r.files.map((f) => (
                <AuthImage
                  key={f.id}
                  path={`/licences/file?id=${f.id}`}
                  alt={fileKindText(f.kind, lang)}
                />
              ))}
            </Space>
          </Image.PreviewGroup>
        ),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      valueType: 'select',
      initialValue: '1',
      width: 110,
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
              <a key="y" data-testid={`licence-approve-${r.id}`} onClick={() => decide(r, true)}>
                {L('通过')}
              </a>,
              <a key="n" data-testid={`licence-reject-${r.id}`} onClick={() => decide(r, false)}>
                {L('驳回')}
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
