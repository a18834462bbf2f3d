import type { AdminLoginResult } from '@pos/core';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/app/auth';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

/** Password, then (TOTP on) the authenticator code; the first time, a QR code to enrol. */
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
            onFinish={async (v: { username: string; password: string }) => {
              setBusy(true);
              try {
                const r = await api<AdminLoginResult>('/auth/login', { body: v });
                if (r.stage === 'done' && r.token) await done(r.token);
                else setChallenge(r);
              } finally {
                setBusy(false);
              }
            }}
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
        ) : (
          <Form
            layout="vertical"
            onFinish={async (v: { code: string }) => {
              setBusy(true);
              try {
                const r = await api<AdminLoginResult>('/auth/totp', {
                  body: { challenge: challenge.challenge, code: v.code },
                });
                if (r.token) await done(r.token);
              } finally {
                setBusy(false);
              }
            }}
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
