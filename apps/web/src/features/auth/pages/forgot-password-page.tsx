import { LOGIN_PATH, validators } from '@pos/core';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { coreRule } from '@/components/ui/form-rules';
import { Page } from '@/components/ui/page';
import { PasswordInput } from '@/components/ui/password-input';
import { SmsCodeButton } from '@/components/ui/sms-code-button';
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

  const sendCode = async () => {
    await form.validateFields(['mobile']);
    const wait = await sendSmsCode(form.getFieldValue('mobile') as string, 'resetPwd');
    Toast.show({ icon: 'success', content: t('auth.smsSent') });
    return wait;
  };

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
        <Form.Item name="mobile" label={t('auth.mobile')} rules={[coreRule(validators.mobile)]}>
          <Input
            id="forgot-mobile"
            placeholder={t('auth.mobilePh')}
            type="tel"
            inputMode="numeric"
            maxLength={11}
            clearable
          />
        </Form.Item>
        <Form.Item
          name="smsCode"
          label={t('auth.smsCode')}
          rules={[coreRule(validators.smsCode)]}
          extra={<SmsCodeButton onSend={sendCode} />}
        >
          <Input
            id="forgot-sms-code"
            placeholder={t('auth.smsCodePh')}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.newPassword')}
          rules={[coreRule(validators.password)]}
        >
          <PasswordInput
            id="forgot-password"
            placeholder={t('auth.newPasswordPh')}
            maxLength={64}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('auth.confirmPassword')}
          dependencies={['password']}
          rules={[
            coreRule(validators.password),
            ({ getFieldValue }) =>
              coreRule((v) => validators.confirm(getFieldValue('password'), v)),
          ]}
        >
          <PasswordInput
            id="forgot-confirm"
            placeholder={t('auth.confirmPasswordPh')}
            maxLength={64}
            autoComplete="new-password"
          />
        </Form.Item>
      </Form>
    </Page>
  );
}
