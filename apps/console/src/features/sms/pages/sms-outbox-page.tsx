import type { ProColumns } from '@ant-design/pro-components';
import type { AdminSmsOutboxRecord } from '@pos/core';
import { Alert } from 'antd';
import { KeysetTable } from '@/components/keyset-table';
import { useI18n } from '@/lib/i18n';

const SCENES: Record<string, { zh: string; en: string }> = {
  register: { zh: '注册', en: 'Sign-up' },
  resetPwd: { zh: '找回密码', en: 'Password reset' },
  login: { zh: '登录', en: 'Sign-in' },
  payPwd: { zh: '设置支付密码', en: 'Pay password' },
  settle: { zh: '修改结算账户', en: 'Settlement account' },
};

/**
 * What the built-in simulated SMS gateway "sent", with the codes, for an operator helping someone
 * through a demo (no phone receives them). The server audits every page read, offers no export,
 * and has this list only while the simulated gateway is the SMS provider.
 */
export default function SmsOutboxPage() {
  const { t, lang, L } = useI18n();
  const columns: ProColumns<AdminSmsOutboxRecord>[] = [
    { title: L('时间'), dataIndex: 'createdAt', valueType: 'dateTime', search: false },
    {
      title: L('手机号'),
      dataIndex: 'mobile',
      fieldProps: { maxLength: 11, inputMode: 'numeric' },
      formItemProps: {
        rules: [{ pattern: /^1\d{10}$/, message: L('手机号码格式错误') }],
      },
    },
    {
      title: L('场景'),
      dataIndex: 'scene',
      search: false,
      render: (_, r) => SCENES[r.scene]?.[lang] ?? r.scene,
    },
    {
      title: L('验证码'),
      dataIndex: 'code',
      search: false,
      render: (_, r) => <strong data-testid="sms-code">{r.code}</strong>,
    },
    { title: L('内容'), dataIndex: 'content', search: false, ellipsis: true },
  ];
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('smsOutboxNote')} />
      <KeysetTable<AdminSmsOutboxRecord>
        headerTitle={t('smsOutbox')}
        path="/sms/outbox"
        rowKey="id"
        fileName="sms-outbox"
        exportable={false}
        columns={columns}
      />
    </>
  );
}
