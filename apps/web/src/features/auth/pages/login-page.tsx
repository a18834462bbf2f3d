import { TAB_PATHS, validators } from '@pos/core';
import { Button, Checkbox, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { coreRule } from '@/components/ui/form-rules';
import { PasswordInput } from '@/components/ui/password-input';
import { afterLoginPath, forgetRememberedUser, getRememberedUser, login } from '@/lib/session';
import { getToken } from '@/lib/storage';
import { captchaSrc, useCaptcha } from '../api/get-captcha';
import { AgreementCheck } from '../components/agreement-check';
import { AuthHero } from '../components/auth-hero';
import '../auth.css';
import '../i18n';

interface LoginValues {
  username: string;
  password?: string;
  code?: string;
}

// Survives a visit to the agreement page and back, so the ticks are not lost.
const draft = { agreed: false };

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const [remembered, setRemembered] = useState(getRememberedUser);
  const [remember, setRemember] = useState(Boolean(remembered));
  const [agreed, setAgreedState] = useState(draft.agreed);
  const [submitting, setSubmitting] = useState(false);
  const [signedInAtOpen] = useState(() => Boolean(getToken()));
  const captcha = useCaptcha();
  const captchaEnabled = captcha.data?.captchaEnabled ?? false;
  const mobile = Form.useWatch('username', form) as string | undefined;

  const setAgreed = (v: boolean) => {
    draft.agreed = v;
    setAgreedState(v);
  };

  // Someone already signed in when the page opened has nothing to do here. (Read once: the token
  // this page itself obtains must not redirect before its own navigation runs.)
  if (signedInAtOpen) return <Navigate to={TAB_PATHS.home} replace />;

  const initialMobile = params.get('mobile') ?? remembered?.username ?? '';

  /** The remembered credential stands in for the password while the mobile is the remembered one. */
  const usesRemembered = () => {
    const v = form.getFieldsValue();
    return Boolean(remembered && v.username === remembered.username && !v.password);
  };
  const showRemembered = Boolean(remembered && (mobile ?? initialMobile) === remembered.username);

  const submit = async (values: LoginValues) => {
    if (!agreed) {
      Toast.show({ content: t('auth.mustAgree') });
      return;
    }
    const withRemembered = usesRemembered() && remembered;
    setSubmitting(true);
    try {
      const result = await login({
        username: values.username,
        password: withRemembered ? undefined : values.password,
        rememberToken: withRemembered ? withRemembered.rememberToken : undefined,
        remember,
        code: captchaEnabled ? values.code?.trim() : undefined,
        uuid: captchaEnabled ? captcha.data?.uuid : undefined,
      });
      Toast.show({ icon: 'success', content: t('auth.loginSuccess'), duration: 1000 });
      navigate(afterLoginPath(result, params.get('redirect')), { replace: true });
    } catch {
      // The request client has toasted the server's reason. A captcha answers once, and a refused
      // remembered credential is gone: show a new captcha and ask for the password.
      if (withRemembered) setRemembered(null);
      form.setFieldValue('code', '');
      if (captchaEnabled) void captcha.refetch();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="auth-page" data-testid="login-page">
      <AuthHero />
      <div className="auth-card">
        <h1 className="auth-card-title">{t('auth.welcome')}</h1>
        <Form
          form={form}
          layout="horizontal"
          className="auth-form"
          initialValues={{ username: initialMobile }}
          onFinish={(v) => void submit(v)}
          requiredMarkStyle="none"
          footer={
            <>
              <div className="auth-row">
                <Checkbox
                  checked={remember}
                  onChange={(v) => {
                    setRemember(v);
                    if (!v && remembered) {
                      // Unticking forgets the credential on this device at once.
                      forgetRememberedUser();
                      setRemembered(null);
                    }
                  }}
                  data-testid="remember-checkbox"
                  style={{ '--icon-size': '16px', '--font-size': '13px', '--gap': '6px' }}
                >
                  {t('auth.remember')}
                </Checkbox>
                <Link
                  to="/pages/myInfo/forgot-password/index"
                  className="auth-link"
                  data-testid="forgot-link"
                >
                  {t('auth.forgot')}
                </Link>
              </div>

              <Button
                block
                color="primary"
                size="large"
                shape="rounded"
                className="auth-submit"
                loading={submitting}
                type="submit"
                data-testid="login-submit"
              >
                {t('auth.login')}
              </Button>
              <AgreementCheck checked={agreed} onChange={setAgreed} />
            </>
          }
        >
          <Form.Item name="username" label={t('auth.mobile')} rules={[coreRule(validators.mobile)]}>
            <Input
              id="login-mobile"
              placeholder={t('auth.mobilePh')}
              type="tel"
              inputMode="numeric"
              maxLength={11}
              clearable
              autoComplete="username"
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('auth.password')}
            dependencies={['username']}
            rules={[
              {
                validator: (_r: unknown, value: unknown) => {
                  if (usesRemembered()) return Promise.resolve();
                  const msg = validators.password(value ?? '');
                  return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
                },
              },
            ]}
          >
            <PasswordInput
              id="login-password"
              placeholder={
                showRemembered ? `••••••••  ${t('auth.rememberedPh')}` : t('auth.passwordPh')
              }
              maxLength={64}
              autoComplete="current-password"
            />
          </Form.Item>
          {captchaEnabled && (
            <Form.Item
              name="code"
              label={t('auth.captcha')}
              rules={[{ required: true, whitespace: true, message: t('auth.captchaRequired') }]}
              extra={
                <button
                  type="button"
                  className="captcha-image"
                  onClick={() => void captcha.refetch()}
                  title={t('auth.captchaRefresh')}
                  aria-label={t('auth.captchaRefresh')}
                  data-testid="captcha-image"
                >
                  {captcha.data?.img && !captcha.isFetching ? (
                    <img src={captchaSrc(captcha.data.img)} alt={t('auth.captcha')} />
                  ) : (
                    <span>{t('auth.captchaLoading')}</span>
                  )}
                </button>
              }
            >
              <Input
                id="login-captcha"
                placeholder={t('auth.captchaPh')}
                maxLength={8}
                autoComplete="off"
              />
            </Form.Item>
          )}
        </Form>
      </div>

      <footer className="auth-footer">
        {t('auth.noAccount')}
        <Link to="/pages/login/register" className="auth-link" data-testid="register-link">
          {t('auth.goRegister')}
        </Link>
      </footer>
    </div>
  );
}
