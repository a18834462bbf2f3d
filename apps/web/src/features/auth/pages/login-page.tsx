import { TAB_PATHS, validators } from '@pos/core';
import { Button, Checkbox, Input, List } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Toast } from '@/lib/overlays';
import { Link, Navigate, useNavigate, useSearchParams } from '@/lib/router';
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
  password: string;
  code: string;
}
type Field = keyof LoginValues;

/**
 * One labelled row of the sign-in form, its message under the input. (The kit's Form is not used
 * here: the login page is the first screen, and the Form with its validator and popover would
 * add about 30 KB gzipped to it; decision 014.)
 */
function LoginRow(props: {
  label: string;
  htmlFor: string;
  error?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <List.Item
      prefix={
        <label className="auth-field-label" htmlFor={props.htmlFor}>
          {props.label}
        </label>
      }
      extra={props.extra}
    >
      {props.children}
      {props.error && (
        <div className="auth-field-error" role="alert">
          {props.error}
        </div>
      )}
    </List.Item>
  );
}

// Survives a visit to the agreement page and back, so the ticks are not lost.
const draft = { agreed: false };

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [remembered, setRemembered] = useState(getRememberedUser);
  const [values, setValues] = useState<LoginValues>(() => ({
    username: params.get('mobile') ?? remembered?.username ?? '',
    password: '',
    code: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [remember, setRemember] = useState(Boolean(remembered));
  const [agreed, setAgreedState] = useState(draft.agreed);
  const [submitting, setSubmitting] = useState(false);
  const [signedInAtOpen] = useState(() => Boolean(getToken()));
  const captcha = useCaptcha();
  const captchaEnabled = captcha.data?.captchaEnabled ?? false;

  const setAgreed = (v: boolean) => {
    draft.agreed = v;
    setAgreedState(v);
  };

  // Someone already signed in when the page opened has nothing to do here. (Read once: the token
  // this page itself obtains must not redirect before its own navigation runs.)
  if (signedInAtOpen) return <Navigate to={TAB_PATHS.home} replace />;

  /** The remembered credential stands in for the password while the mobile is the remembered one. */
  const usesRemembered = (v: LoginValues) =>
    Boolean(remembered && v.username === remembered.username && !v.password);
  const showRemembered = Boolean(remembered && values.username === remembered.username);

  /** The message of one field (the core validators' words, as the server would say them). */
  const check = (field: Field, v: LoginValues): string | undefined => {
    if (field === 'username') return validators.mobile(v.username) ?? undefined;
    if (field === 'password') {
      return usesRemembered(v) ? undefined : (validators.password(v.password) ?? undefined);
    }
    return captchaEnabled && !v.code.trim() ? t('auth.captchaRequired') : undefined;
  };
  const fields: Field[] = ['username', 'password', 'code'];

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // A field already showing a message is checked again as it is typed (the password with the
    // mobile, since a remembered mobile needs none).
    const recheck = fields.filter(
      (f) => errors[f] && (f === field || (field === 'username' && f === 'password')),
    );
    if (recheck.length > 0) {
      setErrors((e) => {
        const out = { ...e };
        for (const f of recheck) out[f] = check(f, next);
        return out;
      });
    }
  };

  const submit = async () => {
    const found = Object.fromEntries(fields.map((f) => [f, check(f, values)]));
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    if (!agreed) {
      Toast.show({ content: t('auth.mustAgree') });
      return;
    }
    const withRemembered = usesRemembered(values) && remembered;
    setSubmitting(true);
    try {
      const result = await login({
        username: values.username,
        password: withRemembered ? undefined : values.password,
        rememberToken: withRemembered ? withRemembered.rememberToken : undefined,
        remember,
        code: captchaEnabled ? values.code.trim() : undefined,
        uuid: captchaEnabled ? captcha.data?.uuid : undefined,
      });
      Toast.show({ icon: 'success', content: t('auth.loginSuccess'), duration: 1000 });
      navigate(afterLoginPath(result, params.get('redirect')), { replace: true });
    } catch {
      // The request client has toasted the server's reason. A captcha answers once, and a refused
      // remembered credential is gone: show a new captcha and ask for the password.
      if (withRemembered) setRemembered(null);
      setValues((v) => ({ ...v, code: '' }));
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
        <form
          className="auth-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <List>
            <LoginRow label={t('auth.mobile')} htmlFor="login-mobile" error={errors.username}>
              <Input
                id="login-mobile"
                placeholder={t('auth.mobilePh')}
                type="tel"
                inputMode="numeric"
                maxLength={11}
                clearable
                autoComplete="username"
                value={values.username}
                onChange={(v) => change('username', v)}
              />
            </LoginRow>
            <LoginRow label={t('auth.password')} htmlFor="login-password" error={errors.password}>
              <PasswordInput
                id="login-password"
                placeholder={
                  showRemembered ? `••••••••  ${t('auth.rememberedPh')}` : t('auth.passwordPh')
                }
                maxLength={64}
                autoComplete="current-password"
                value={values.password}
                onChange={(v) => change('password', v)}
              />
            </LoginRow>
            {captchaEnabled && (
              <LoginRow
                label={t('auth.captcha')}
                htmlFor="login-captcha"
                error={errors.code}
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
                  value={values.code}
                  onChange={(v) => change('code', v)}
                />
              </LoginRow>
            )}
          </List>
          <div className="auth-form-footer">
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
          </div>
        </form>
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
