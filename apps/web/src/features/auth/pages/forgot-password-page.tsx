import { LOGIN_PATH } from '@pos/core';
import { Button, Form, Toast } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { MobileSmsFields } from '@/components/ui/mobile-sms-fields';
import { Page } from '@/components/ui/page';
import { NewPasswordFields } from '@/components/ui/password-fields';
import { forgetRememberedUser, getRememberedUser } from '@/lib/session';
import { useResetPassword } from '../api/reset-password';
import { sendSmsCode } from '../api/send-sms-code';
import '../auth.css';
import '../i18n';

interface ForgotValues {
  mobile: string;
  smsCode: string;
  password: string;
  confirm: string;
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<ForgotValues>();
  const reset = useResetPassword();

  const submit = (values: ForgotValues) => {
    reset.mutate(
      { mobile: values.mobile, smsCode: values.smsCode, password: values.password },
      {
        onSuccess: () => {
          // The server ended every session and remembered login of this account.
          if (getRememberedUser()?.username === values.mobile) forgetRememberedUser();
          Toast.show({ icon: 'success', content: t('auth.resetSuccess') });
          navigate(`${LOGIN_PATH}?mobile=${encodeURIComponent(values.mobile)}`, { replace: true });
        },
      },
    );
  };

  return (
    <Page title={t('auth.forgotTitle')} className="auth-sub-page" backTo={LOGIN_PATH}>
      <div className="auth-intro" data-testid="forgot-password-page">
        {t('auth.forgotIntro')}
      </div>
      <Form
        form={form}
        layout="horizontal"
        mode="card"
        className="auth-sub-form"
        requiredMarkStyle="none"
        initialValues={{ mobile: params.get('mobile') ?? '' }}
        onFinish={submit}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            shape="rounded"
            loading={reset.isPending}
            data-testid="reset-submit"
          >
            {t('auth.resetSubmit')}
          </Button>
        }
      >
        <MobileSmsFields
          mobile={{ id: 'forgot-mobile', label: t('auth.mobile'), placeholder: t('auth.mobilePh') }}
          smsCode={{
            id: 'forgot-sms-code',
            label: t('auth.smsCode'),
            placeholder: t('auth.smsCodePh'),
          }}
          form={form}
          send={(mobile) => sendSmsCode(mobile, 'resetPwd')}
          sentText={t('auth.smsSent')}
        />
        <NewPasswordFields
          mobileField="mobile"
          password={{
            id: 'forgot-password',
            label: t('auth.newPassword'),
            placeholder: t('auth.newPasswordPh'),
          }}
          confirm={{
            id: 'forgot-confirm',
            label: t('auth.confirmPassword'),
            placeholder: t('auth.confirmPasswordPh'),
          }}
        />
      </Form>
    </Page>
  );
}
