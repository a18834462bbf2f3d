import { formatDate } from '@pos/core';
import { Form, Input, NoticeBar, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { SmsCodeButton } from '@/components/ui/sms-code-button';
import { usePayPasswordStatus } from '../api/get-pay-password-status';
import { sendPayPasswordCode, useSetPayPassword } from '../api/set-pay-password';
import { PayPasswordField, SubmitBar } from '../components/money-form';
import '../i18n';
import '../withdrawals.css';

/** Set or reset the pay password with an SMS code (/page-subpage/setting/forgotPayPassword). */
export default function ForgotPayPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = usePayPasswordStatus();
  const save = useSetPayPassword();
  const [code, setCode] = useState('');
  const [pwd, setPwd] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const e: Record<string, string> = {};
    if (!/^\d{6}$/.test(code)) e.smsCode = t('withdrawals.smsCodeFormat');
    if (!/^\d{6}$/.test(pwd)) e.payPassword = t('withdrawals.payPasswordRequired');
    else if (pwd !== confirm) e.confirmPassword = t('withdrawals.mismatch');
    setErrors(e);
    if (Object.keys(e).length) return;
    try {
      await save.mutateAsync({ smsCode: code, payPassword: pwd, confirmPassword: confirm });
      Toast.show({ icon: 'success', content: t('withdrawals.payPasswordSet') });
      navigate(-1);
    } catch {
      // the request client has shown the reason
    }
  };

  return (
    <Page title={t('withdrawals.forgotPayPassword')} className="wd-page">
      {status.data && status.data.lockedMinutes > 0 && (
        <NoticeBar
          color="alert"
          content={t('withdrawals.locked', {
            m: status.data.lockedMinutes,
            at: formatDate(status.data.lockedUntil, 'hh:MM'),
          })}
        />
      )}
      <div className="wd-hint">{t('withdrawals.codeSentTo')}</div>
      <Form layout="horizontal">
        <Form.Item
          label={t('withdrawals.smsCode')}
          help={errors.smsCode}
          extra={
            <SmsCodeButton onSend={async () => (await sendPayPasswordCode())?.resendAfterSeconds} />
          }
        >
          <Input
            value={code}
            onChange={setCode}
            maxLength={6}
            inputMode="numeric"
            placeholder={t('withdrawals.smsCodePlaceholder')}
            aria-label={t('withdrawals.smsCode')}
            data-testid="sms-code"
          />
        </Form.Item>
      </Form>
      <div className="wd-block">
        <PayPasswordField
          label={t('withdrawals.newPayPassword')}
          value={pwd}
          onChange={setPwd}
          testId="new-pay-password"
          error={errors.payPassword}
        />
        <PayPasswordField
          label={t('withdrawals.confirmPayPassword')}
          value={confirm}
          onChange={setConfirm}
          testId="confirm-pay-password"
          error={errors.confirmPassword}
        />
      </div>
      <SubmitBar loading={save.isPending} onSubmit={submit} testId="submit-pay-password">
        {t('withdrawals.save')}
      </SubmitBar>
    </Page>
  );
}
