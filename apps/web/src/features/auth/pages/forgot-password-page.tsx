import { LOGIN_PATH } from '@pos/core';
import { Form, Toast } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { SubmitButton } from '@/components/ui/submit-button';
import { forgetRememberedUser, getRememberedUser } from '@/lib/session';
import { useResetPassword } from '../api/reset-password';
import { AuthForm, MobilePasswordFields } from '../components/auth-form';
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
      <AuthForm
        form={form}
        initialValues={{ mobile: params.get('mobile') ?? '' }}
        onFinish={submit}
        footer={
          <SubmitButton loading={reset.isPending} testId="reset-submit" rounded>
            {t('auth.resetSubmit')}
          </SubmitButton>
        }
      >
        <MobilePasswordFields idPrefix="forgot" purpose="resetPwd" form={form} />
      </AuthForm>
    </Page>
  );
}
