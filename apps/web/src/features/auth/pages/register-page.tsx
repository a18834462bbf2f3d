import { LOGIN_PATH, validators } from '@pos/core';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { optionalCoreRule } from '@/components/ui/form-rules';
import { MobileSmsFields } from '@/components/ui/mobile-sms-fields';
import { Page } from '@/components/ui/page';
import { NewPasswordFields } from '@/components/ui/password-fields';
import { useRegister } from '../api/register';
import { sendSmsCode } from '../api/send-sms-code';
import { AgreementCheck } from '../components/agreement-check';
import '../auth.css';
import '../i18n';

interface RegisterValues {
  mobile: string;
  smsCode: string;
  password: string;
  confirm: string;
  inviteCode: string;
  name?: string;
}

// What was typed (never the passwords) survives a visit to the agreement page and back.
const draft: { values: Partial<RegisterValues>; agreed: boolean } = { values: {}, agreed: false };

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<RegisterValues>();
  const [agreed, setAgreedState] = useState(draft.agreed);
  const register = useRegister();
  // An invitation link or QR code carries the inviter's code as ?inviteCode= (or ?code=).
  const invited = params.get('inviteCode') ?? params.get('code') ?? '';

  const setAgreed = (v: boolean) => {
    draft.agreed = v;
    setAgreedState(v);
  };

  const submit = (values: RegisterValues) => {
    if (!agreed) {
      Toast.show({ content: t('auth.mustAgree') });
      return;
    }
    const name = values.name?.trim();
    register.mutate(
      {
        mobile: values.mobile,
        smsCode: values.smsCode,
        password: values.password,
        inviteCode: values.inviteCode.trim(),
        ...(name ? { name } : {}),
      },
      {
        onSuccess: () => {
          draft.values = {};
          Toast.show({ icon: 'success', content: t('auth.registerSuccess') });
          navigate(`${LOGIN_PATH}?mobile=${encodeURIComponent(values.mobile)}`, { replace: true });
        },
      },
    );
  };

  return (
    <Page title={t('auth.registerTitle')} className="auth-sub-page" backTo={LOGIN_PATH}>
      <div className="auth-intro" data-testid="register-page">
        {t('auth.registerIntro')}
      </div>
      <Form
        form={form}
        layout="horizontal"
        mode="card"
        className="auth-sub-form"
        requiredMarkStyle="none"
        initialValues={{ ...draft.values, inviteCode: invited || draft.values.inviteCode }}
        onValuesChange={(_c, all: RegisterValues) => {
          draft.values = { mobile: all.mobile, inviteCode: all.inviteCode, name: all.name };
        }}
        onFinish={submit}
        footer={
          <>
            <AgreementCheck checked={agreed} onChange={setAgreed} />
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              shape="rounded"
              loading={register.isPending}
              data-testid="register-submit"
            >
              {t('auth.register')}
            </Button>
            <div className="auth-footer auth-footer-inline">
              {t('auth.hasAccount')}
              <Link to={LOGIN_PATH} className="auth-link">
                {t('auth.goLogin')}
              </Link>
            </div>
          </>
        }
      >
        <MobileSmsFields
          mobile={{
            id: 'register-mobile',
            label: t('auth.mobile'),
            placeholder: t('auth.mobilePh'),
          }}
          smsCode={{
            id: 'register-sms-code',
            label: t('auth.smsCode'),
            placeholder: t('auth.smsCodePh'),
          }}
          form={form}
          send={(mobile) => sendSmsCode(mobile, 'register')}
          sentText={t('auth.smsSent')}
        />
        <NewPasswordFields
          mobileField="mobile"
          password={{
            id: 'register-password',
            label: t('auth.setPassword'),
            placeholder: t('auth.setPasswordPh'),
          }}
          confirm={{
            id: 'register-confirm',
            label: t('auth.confirmPassword'),
            placeholder: t('auth.confirmPasswordPh'),
          }}
        />
        <Form.Item
          name="inviteCode"
          label={t('auth.inviteCode')}
          rules={[{ required: true, whitespace: true, message: t('auth.inviteCodeRequired') }]}
        >
          <Input
            id="register-invite-code"
            placeholder={t('auth.inviteCodePh')}
            maxLength={32}
            clearable
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('auth.name')}
          rules={[optionalCoreRule(validators.chineseName)]}
        >
          <Input id="register-name" placeholder={t('auth.namePh')} maxLength={4} clearable />
        </Form.Item>
      </Form>
    </Page>
  );
}
