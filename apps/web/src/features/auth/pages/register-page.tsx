import { LOGIN_PATH, validators } from '@pos/core';
import { Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { optionalCoreRule } from '@/components/ui/form-rules';
import { Page } from '@/components/ui/page';
import { SubmitButton } from '@/components/ui/submit-button';
import { registrationRequest, useRegisterAgent } from '@/lib/register-agent';
import { AgreementCheck } from '../components/agreement-check';
import { AuthForm, MobilePasswordFields } from '../components/auth-form';
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
  const register = useRegisterAgent();
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
    register.mutate(registrationRequest(values, values.inviteCode.trim()), {
      onSuccess: () => {
        draft.values = {};
        Toast.show({ icon: 'success', content: t('auth.registerSuccess') });
        navigate(`${LOGIN_PATH}?mobile=${encodeURIComponent(values.mobile)}`, { replace: true });
      },
    });
  };

  return (
    <Page title={t('auth.registerTitle')} className="auth-sub-page" backTo={LOGIN_PATH}>
      <div className="auth-intro" data-testid="register-page">
        {t('auth.registerIntro')}
      </div>
      <AuthForm
        form={form}
        initialValues={{ ...draft.values, inviteCode: invited || draft.values.inviteCode }}
        onValuesChange={(_c, all: RegisterValues) => {
          draft.values = { mobile: all.mobile, inviteCode: all.inviteCode, name: all.name };
        }}
        onFinish={submit}
        footer={
          <>
            <AgreementCheck checked={agreed} onChange={setAgreed} />
            <SubmitButton loading={register.isPending} testId="register-submit" rounded>
              {t('auth.register')}
            </SubmitButton>
            <div className="auth-footer auth-footer-inline">
              {t('auth.hasAccount')}
              <Link to={LOGIN_PATH} className="auth-link">
                {t('auth.goLogin')}
              </Link>
            </div>
          </>
        }
      >
        <MobilePasswordFields idPrefix="register" purpose="register" form={form} />
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
      </AuthForm>
    </Page>
  );
}
