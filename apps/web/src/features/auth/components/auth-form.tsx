import { Form, type FormProps } from 'antd-mobile';
import type { FormInstance } from 'antd-mobile/es/components/form';
import { MobileSmsFields } from '@/components/ui/mobile-sms-fields';
import { NewPasswordFields } from '@/components/ui/password-fields';
import { useTranslation } from '@/lib/i18n';
import { sendSmsCode } from '../api/send-sms-code';

/** The form of the auth pages below login: fields as cards, labels beside them, no required marks. */
export function AuthForm(props: FormProps) {
  return (
    <Form
      layout="horizontal"
      mode="card"
      className="auth-sub-form"
      requiredMarkStyle="none"
      {...props}
    />
  );
}

/**
 * Proving a mobile by an SMS code and choosing a password for it (the fields 'mobile', 'smsCode',
 * 'password' and 'confirm'): registering and resetting a forgotten password.
 */
export function MobilePasswordFields({
  idPrefix,
  purpose,
  form,
}: {
  /** The inputs' element ids are `${idPrefix}-mobile`, `-sms-code`, `-password`, `-confirm`. */
  idPrefix: string;
  /** What the SMS code is for: a new account, or a new password for an existing one. */
  purpose: 'register' | 'resetPwd';
  form: FormInstance;
}) {
  const { t } = useTranslation();
  const fresh = purpose === 'register';
  return (
    <>
      <MobileSmsFields
        mobile={{
          id: `${idPrefix}-mobile`,
          label: t('auth.mobile'),
          placeholder: t('auth.mobilePh'),
        }}
        smsCode={{
          id: `${idPrefix}-sms-code`,
          label: t('auth.smsCode'),
          placeholder: t('auth.smsCodePh'),
        }}
        form={form}
        send={(mobile) => sendSmsCode(mobile, purpose)}
        sentText={t('auth.smsSent')}
      />
      <NewPasswordFields
        mobileField="mobile"
        password={{
          id: `${idPrefix}-password`,
          label: fresh ? t('auth.setPassword') : t('auth.newPassword'),
          placeholder: fresh ? t('auth.setPasswordPh') : t('auth.newPasswordPh'),
        }}
        confirm={{
          id: `${idPrefix}-confirm`,
          label: t('auth.confirmPassword'),
          placeholder: t('auth.confirmPasswordPh'),
        }}
      />
    </>
  );
}
