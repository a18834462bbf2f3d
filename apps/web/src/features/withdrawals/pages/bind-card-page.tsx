import { validators, type AddOtherSettleRequest } from '@pos/core';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { coreRule } from '@/components/ui/form-rules';
import { Page } from '@/components/ui/page';
import { SmsCodeButton } from '@/components/ui/sms-code-button';
import { sendSettleCode, useAddOtherAccount, useSaveOwnCard } from '../api/save-settle-account';
import '../i18n';
import '../withdrawals.css';

/** Bind or change the own bank card, or add another holder's account (/pages/myInfo/bindCard/bindCard?mode=add|edit|other). */
export default function BindCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mode = (params.get('mode') ?? 'add') as 'add' | 'edit' | 'other';
  const [form] = Form.useForm();
  const own = useSaveOwnCard();
  const other = useAddOtherAccount();
  const pending = own.isPending || other.isPending;

  const finish = async (v: AddOtherSettleRequest) => {
    const cardNo = v.cardNo.replace(/\s+/g, '');
    try {
      if (mode === 'other') await other.mutateAsync({ ...v, cardNo });
      else await own.mutateAsync({ holderName: v.holderName, cardNo, bankName: v.bankName, mode });
      Toast.show({ icon: 'success', content: t('withdrawals.saved') });
      navigate(-1);
    } catch {
      // toasted
    }
  };

  const sendCode = async () => {
    await form.validateFields(['mobile']);
    return (await sendSettleCode(form.getFieldValue('mobile') as string))?.resendAfterSeconds;
  };

  return (
    <Page
      title={mode === 'other' ? t('withdrawals.addOther') : t('withdrawals.bindCard')}
      className="wd-page"
    >
      <Form
        form={form}
        layout="horizontal"
        onFinish={(v) => void finish(v as AddOtherSettleRequest)}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={pending}
            data-testid="save-card"
          >
            {t('withdrawals.save')}
          </Button>
        }
      >
        <Form.Item
          name="holderName"
          label={t('withdrawals.holderName')}
          help={mode === 'other' ? undefined : t('withdrawals.holderNameHint')}
          rules={[{ required: true, message: t('withdrawals.holderNameRequired') }]}
        >
          <Input
            placeholder={mode === 'other' ? '' : t('withdrawals.holderNameHint')}
            aria-label={t('withdrawals.holderName')}
            data-testid="holder-name"
          />
        </Form.Item>
        <Form.Item
          name="cardNo"
          label={t('withdrawals.cardNo')}
          rules={[coreRule((v) => validators.bankCard(String(v ?? '').replace(/\s+/g, '')))]}
        >
          <Input
            placeholder={t('withdrawals.cardNoPlaceholder')}
            inputMode="numeric"
            maxLength={23}
            aria-label={t('withdrawals.cardNo')}
            data-testid="card-no"
          />
        </Form.Item>
        <Form.Item
          name="bankName"
          label={t('withdrawals.bankName')}
          rules={[{ required: true, message: t('withdrawals.bankNameRequired') }]}
        >
          <Input
            placeholder={t('withdrawals.bankNamePlaceholder')}
            aria-label={t('withdrawals.bankName')}
            data-testid="bank-name"
          />
        </Form.Item>
        {mode === 'other' && (
          <>
            <Form.Item
              name="mobile"
              label={t('withdrawals.mobile')}
              rules={[
                { required: true, pattern: /^1\d{10}$/, message: t('withdrawals.mobileFormat') },
              ]}
            >
              <Input
                placeholder={t('withdrawals.mobilePlaceholder')}
                inputMode="numeric"
                maxLength={11}
                aria-label={t('withdrawals.mobile')}
                data-testid="mobile"
              />
            </Form.Item>
            <Form.Item
              name="smsCode"
              label={t('withdrawals.smsCode')}
              extra={<SmsCodeButton onSend={sendCode} />}
              rules={[
                { required: true, pattern: /^\d{6}$/, message: t('withdrawals.smsCodeFormat') },
              ]}
            >
              <Input
                placeholder={t('withdrawals.smsCodePlaceholder')}
                inputMode="numeric"
                maxLength={6}
                aria-label={t('withdrawals.smsCode')}
                data-testid="sms-code"
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Page>
  );
}
