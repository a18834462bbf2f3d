import { LOGIN_PATH, validators } from '@pos/core';
import { Button, Checkbox, Dialog, ErrorBlock, Form, Input, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { optionalCoreRule } from '@/components/ui/form-rules';
import { MobileSmsFields } from '@/components/ui/mobile-sms-fields';
import { Page } from '@/components/ui/page';
import { NewPasswordFields } from '@/components/ui/password-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { registrationRequest, useRegisterAgent } from '@/lib/register-agent';
import { useAppConfig } from '../api/get-app-config';
import { useInviter } from '../api/get-inviter';
import { sendRegisterSms } from '../api/send-register-sms';
import '../i18n';
import '../team.css';

interface Values {
  mobile: string;
  smsCode: string;
  password: string;
  confirm: string;
  name?: string;
}

const AGREEMENT_PATH = '/pages/login/agreement/index';

/**
 * The page an invitation link or QR code opens, before anyone signs in: who invites (masked), and
 * a registration form that places the new agent under the inviter. Afterwards the new agent is
 * offered the app download or the sign-in.
 */
export default function InvitationRegisteredPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const inviteCode = (params.get('inviteCode') ?? params.get('code') ?? '').trim();
  const inviter = useInviter(inviteCode);
  const config = useAppConfig();
  const register = useRegisterAgent(true);
  const [form] = Form.useForm<Values>();
  const [agreed, setAgreed] = useState(false);
  const appName = config.data?.appName ?? '拓客宝';

  const submit = (values: Values) => {
    if (!agreed) {
      Toast.show({ content: t('team.mustAgree') });
      return;
    }
    register.mutate(registrationRequest(values, inviteCode), {
      onSuccess: () => {
        void Dialog.show({
          title: t('team.registered'),
          content: <div data-testid="registered-dialog">{t('team.registeredDesc')}</div>,
          closeOnAction: true,
          actions: [
            [
              {
                key: 'download',
                text: t('team.downloadApp'),
                onClick: () => navigate('/pages/home/invitation/down-app'),
              },
              {
                key: 'login',
                text: t('team.goLogin'),
                bold: true,
                onClick: () =>
                  navigate(`${LOGIN_PATH}?mobile=${encodeURIComponent(values.mobile)}`, {
                    replace: true,
                  }),
              },
            ],
          ],
        });
      },
    });
  };

  const manual = `/pages/login/register${inviteCode ? `?inviteCode=${encodeURIComponent(inviteCode)}` : ''}`;
  let body;
  if (inviteCode && inviter.isLoading)
    body = <Skeleton.Paragraph lineCount={8} animated className="team-block" />;
  else if (!inviteCode || inviter.isError || !inviter.data) {
    body = (
      <ErrorBlock
        status="default"
        title={t('team.inviterUnknown')}
        description={t('team.inviterUnknownDesc')}
        data-testid="inviter-unknown"
      >
        <Button color="primary" onClick={() => navigate(manual)}>
          {t('team.manualRegister')}
        </Button>
      </ErrorBlock>
    );
  } else {
    body = (
      <>
        <section className="team-invited-hero">
          <img src="/static/icon.svg" alt="" className="team-invited-icon" />
          <div className="team-invited-app">{appName}</div>
          <h1 data-testid="invited-by">{t('team.invitedBy', { name: inviter.data.name })}</h1>
          <p>{t('team.invitedIntro')}</p>
        </section>
        <Form
          form={form}
          layout="horizontal"
          mode="card"
          requiredMarkStyle="none"
          className="team-invited-form"
          onFinish={submit}
          footer={
            <>
              <div className="team-agree">
                <Checkbox
                  checked={agreed}
                  onChange={setAgreed}
                  data-testid="invite-agree"
                  style={{ '--icon-size': '16px', '--font-size': '12px', '--gap': '6px' }}
                >
                  {t('team.agreePrefix')}
                </Checkbox>
                <Link to={`${AGREEMENT_PATH}?type=agreement`}>{t('team.userAgreement')}</Link>
                {t('team.and')}
                <Link to={`${AGREEMENT_PATH}?type=privacy`}>{t('team.privacyPolicy')}</Link>
              </div>
              <SubmitButton loading={register.isPending} testId="invite-register-submit" rounded>
                {t('team.register')}
              </SubmitButton>
              <div className="team-invited-footer">
                {t('team.hasAccount')}
                <Link to={LOGIN_PATH}>{t('team.goLogin')}</Link>
                <span className="team-dot">·</span>
                <Link to="/pages/home/invitation/down-app">{t('team.downloadApp')}</Link>
              </div>
            </>
          }
        >
          <Form.Item label={t('team.inviterCode')}>
            <span className="team-invited-code" data-testid="invited-code">
              {inviter.data.inviteCode}
            </span>
          </Form.Item>
          <MobileSmsFields
            mobile={{
              id: 'invite-mobile',
              label: t('team.mobile'),
              placeholder: t('team.mobilePh'),
            }}
            smsCode={{
              id: 'invite-sms-code',
              label: t('team.smsCode'),
              placeholder: t('team.smsCodePh'),
            }}
            form={form}
            send={sendRegisterSms}
            sentText={t('team.smsSent')}
            smsButtonTestId="invite-sms-button"
          />
          <NewPasswordFields
            mobileField="mobile"
            password={{
              id: 'invite-password',
              label: t('team.password'),
              placeholder: t('team.passwordPh'),
            }}
            confirm={{
              id: 'invite-confirm',
              label: t('team.confirmPassword'),
              placeholder: t('team.confirmPasswordPh'),
            }}
          />
          <Form.Item
            name="name"
            label={t('team.nameOptional')}
            rules={[optionalCoreRule(validators.chineseName)]}
          >
            <Input
              id="invite-name"
              placeholder={t('team.nameOptionalPh')}
              maxLength={4}
              clearable
            />
          </Form.Item>
        </Form>
      </>
    );
  }

  return (
    <Page
      title={t('team.registerTitle')}
      className="team-page team-invited-page"
      backTo={LOGIN_PATH}
    >
      {body}
    </Page>
  );
}
