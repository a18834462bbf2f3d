import type { AdminLoginResult } from '@pos/core';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/app/auth';
import { api, ApiError } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

/** The new-password step's texts (a password someone else issued is replaced first). */
const NEW_PASSWORD = {
  prompt: {
    zh: '该密码由他人发放（新账号或重置了动态验证码），请先设置你自己的新密码',
    en: 'This password was issued to you (a new account or a TOTP reset): set your own first',
  },
  label: { zh: '新密码（8-64位，含字母和数字）', en: 'New password (8-64, letters and digits)' },
  repeat: { zh: '再次输入新密码', en: 'Repeat the new password' },
  mismatch: { zh: '两次输入的密码不一致', en: 'The passwords differ' },
  submit: { zh: '设置并继续', en: 'Set and continue' },
} as const;

/**
 * Password; a password someone else issued is replaced first; then (TOTP on) the authenticator
 * code, the first time with a QR code to enrol. A step whose challenge has ended (used, expired,
 * too many wrong codes) starts again from the password.
 */
export default function LoginPage() {
  const { t, lang, setLang } = useI18n();
  const auth = useAuth();
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<AdminLoginResult | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (challenge?.enrol)
      void QRCode.toDataURL(challenge.enrol.otpauthUri, { width: 200 }).then(setQr);
  }, [challenge]);

  const done = async (token: string) => {
    await auth.signedIn(token);
    navigate('/', { replace: true });
  };
  const next = async (r: AdminLoginResult) => {
    if (r.stage === 'done' && r.token) await done(r.token);
    else setChallenge(r);
  };
  /** Runs a step; a challenge that has ended sends the operator back to the password. */
  const step = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      if (err instanceof ApiError && err.field === 'challenge') setChallenge(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}
    >
      <Card
        style={{ width: 400 }}
        title={t('appTitle')}
        extra={<a onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}>{t('language')}</a>}
      >
        {!challenge ? (
          <Form
            layout="vertical"
            onFinish={(v: { username: string; password: string }) =>
              step(async () => next(await api<AdminLoginResult>('/auth/login', { body: v })))
            }
          >
            <Form.Item name="username" label={t('username')} rules={[{ required: true }]}>
              <Input autoComplete="username" data-testid="login-username" />
            </Form.Item>
            <Form.Item name="password" label={t('password')} rules={[{ required: true }]}>
              <Input.Password autoComplete="current-password" data-testid="login-password" />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={busy}
              data-testid="login-submit"
            >
              {t('signIn')}
            </Button>
          </Form>
        ) : challenge.stage === 'password' ? (
          <Form
            key={challenge.challenge}
            layout="vertical"
            onFinish={(v: { newPassword: string }) =>
              step(async () =>
                next(
                  await api<AdminLoginResult>('/auth/password', {
                    body: { challenge: challenge.challenge, newPassword: v.newPassword },
                  }),
                ),
              )
            }
          >
            <Alert
              type="warning"
              message={NEW_PASSWORD.prompt[lang]}
              style={{ marginBottom: 16 }}
            />
            <Form.Item
              name="newPassword"
              label={NEW_PASSWORD.label[lang]}
              rules={[{ required: true, min: 8, max: 64 }]}
            >
              <Input.Password autoComplete="new-password" data-testid="login-new-password" />
            </Form.Item>
            <Form.Item
              name="repeat"
              label={NEW_PASSWORD.repeat[lang]}
              dependencies={['newPassword']}
              rules={[
                { required: true },
                ({ getFieldValue }) => ({
                  validator: (_, value) =>
                    value === getFieldValue('newPassword')
                      ? Promise.resolve()
                      : Promise.reject(new Error(NEW_PASSWORD.mismatch[lang])),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" data-testid="login-new-password-repeat" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {NEW_PASSWORD.submit[lang]}
            </Button>
          </Form>
        ) : (
          <Form
            key={challenge.challenge}
            layout="vertical"
            onFinish={(v: { code: string }) =>
              step(async () =>
                next(
                  await api<AdminLoginResult>('/auth/totp', {
                    body: { challenge: challenge.challenge, code: v.code },
                  }),
                ),
              )
            }
          >
            {challenge.enrol ? (
              <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
                <Alert type="info" message={t('totpEnrol')} />
                {qr && (
                  <div style={{ textAlign: 'center' }}>
                    <img src={qr} alt="TOTP QR" width={200} height={200} />
                  </div>
                )}
                <Typography.Text copyable code>
                  {challenge.enrol.secret}
                </Typography.Text>
              </Space>
            ) : (
              <Alert type="info" message={t('totpPrompt')} style={{ marginBottom: 16 }} />
            )}
            <Form.Item
              name="code"
              label={t('totpCode')}
              rules={[{ required: true, pattern: /^\d{6}$/ }]}
            >
              <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('verify')}
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
