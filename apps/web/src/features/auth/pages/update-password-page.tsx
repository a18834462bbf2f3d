import { TAB_PATHS } from '@pos/core';
import { Form, NoticeBar, Toast } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { coreRule } from '@/components/ui/form-rules';
import { Page } from '@/components/ui/page';
import { NewPasswordFields } from '@/components/ui/password-fields';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { forgetRememberedUser, getStoredUser } from '@/lib/session';
import { useChangePassword } from '../api/change-password';
import { AuthForm } from '../components/auth-form';
import '../auth.css';
import '../i18n';

interface UpdateValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * Change password. ?first=1 is the forced change of an initial password right after login: the
 * page explains why and offers no way elsewhere until it is done.
 *
 * After a change the session stays open: the server ends every OTHER session and every
 * remembered login but keeps the one that made the change, so signing the agent out here would
 * only make them type the new password at once. The remembered credential on this device was
 * revoked too, so it is forgotten here.
 */
export default function UpdatePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const first = params.get('first') === '1';
  const [form] = Form.useForm<UpdateValues>();
  const change = useChangePassword();

  const submit = (values: UpdateValues) => {
    change.mutate(
      { oldPassword: values.oldPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          forgetRememberedUser();
          Toast.show({ icon: 'success', content: t('auth.updateSuccess') });
          if (first || window.history.length <= 1) navigate(TAB_PATHS.home, { replace: true });
          else navigate(-1);
        },
      },
    );
  };

  return (
    <Page
      title={first ? t('auth.firstTitle') : t('auth.updateTitle')}
      noBack={first}
      className="auth-sub-page"
      backTo={TAB_PATHS.mine}
    >
      {first ? (
        <NoticeBar
          wrap
          color="alert"
          content={t('auth.firstNotice')}
          className="auth-notice"
          data-testid="first-password-notice"
        />
      ) : (
        <div className="auth-intro">{t('auth.updateHint')}</div>
      )}
      <AuthForm
        form={form}
        onFinish={submit}
        footer={
          <SubmitButton loading={change.isPending} testId="update-password-submit" rounded>
            {t('auth.updateSubmit')}
          </SubmitButton>
        }
      >
        <Form.Item
          name="oldPassword"
          label={t('auth.oldPassword')}
          rules={[{ required: true, message: t('auth.oldPasswordRequired') }]}
        >
          <PasswordInput
            id="update-old-password"
            placeholder={t('auth.oldPasswordPh')}
            maxLength={64}
            autoComplete="current-password"
          />
        </Form.Item>
        <NewPasswordFields
          name="newPassword"
          mobile={getStoredUser()?.mobile}
          password={{
            id: 'update-new-password',
            label: t('auth.newPassword'),
            placeholder: t('auth.newPasswordPh'),
          }}
          confirm={{
            id: 'update-confirm',
            label: t('auth.confirmPassword'),
            placeholder: t('auth.confirmPasswordPh'),
          }}
          dependencies={['oldPassword']}
          extraRules={[
            ({ getFieldValue }) =>
              coreRule((v) =>
                v && v === getFieldValue('oldPassword') ? t('auth.sameAsOld') : null,
              ),
          ]}
        />
      </AuthForm>
    </Page>
  );
}
