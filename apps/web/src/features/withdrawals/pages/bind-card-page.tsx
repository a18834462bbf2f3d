import {
  alipayAccountProblem,
  settleAccountTypeOptions,
  validators,
  type AddOtherSettleRequest,
  type SettleAccountType,
} from '@pos/core';
import { Form, Input, Toast } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { coreRule } from '@/components/ui/form-rules';
import { SingleSelector } from '@/components/ui/single-selector';
import { useLang } from '@/lib/use-lang';
import { Page } from '@/components/ui/page';
import { SmsCodeButton } from '@/components/ui/sms-code-button';
import { SubmitButton } from '@/components/ui/submit-button';
import { useCardBin } from '../api/get-card-bin';
import { sendSettleCode, useAddOtherAccount, useSaveOwnCard } from '../api/save-settle-account';
import '../i18n';
import '../withdrawals.css';

/**
 * Bind or change the own settlement account, or add another holder's account
 * (/pages/myInfo/bindCard/bindCard?mode=add|edit|other): a bank card, or an Alipay account (its
 * login id; withdrawals to it are paid by Alipay transfer).
 */
export default function BindCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mode = (params.get('mode') ?? 'add') as 'add' | 'edit' | 'other';
  const lang = useLang();
  const [form] = Form.useForm();
  const picked = Form.useWatch<SettleAccountType[] | undefined>('accountType', form);
  const accountType: SettleAccountType = picked?.[0] ?? 'bank';
  const alipay = accountType === 'alipay';
  const typedCardNo = Form.useWatch<string | undefined>('cardNo', form);
  const bin = useCardBin(alipay ? '' : String(typedCardNo ?? '').replace(/\s+/g, ''));
  const own = useSaveOwnCard();
  const other = useAddOtherAccount();
  const pending = own.isPending || other.isPending;

  const finish = async (v: Omit<AddOtherSettleRequest, 'accountType'>) => {
    const cardNo = alipay ? v.cardNo.trim() : v.cardNo.replace(/\s+/g, '');
    const bankName = alipay ? undefined : v.bankName;
    try {
      if (mode === 'other') await other.mutateAsync({ ...v, accountType, cardNo, bankName });
      else await own.mutateAsync({ accountType, holderName: v.holderName, cardNo, bankName, mode });
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
      title={
        mode === 'other'
          ? t('withdrawals.addOther')
          : t(alipay ? 'withdrawals.bindAlipay' : 'withdrawals.bindCard')
      }
      className="wd-page"
    >
      <Form
        form={form}
        layout="horizontal"
        initialValues={{ accountType: ['bank'] }}
        onFinish={(v) => void finish(v as Omit<AddOtherSettleRequest, 'accountType'>)}
        footer={
          <SubmitButton loading={pending} testId="save-card">
            {t('withdrawals.save')}
          </SubmitButton>
        }
      >
        <Form.Item name="accountType" label={t('withdrawals.accountType')}>
          <SingleSelector<SettleAccountType>
            columns={2}
            options={settleAccountTypeOptions.map((o) => ({ label: o[lang], value: o.value }))}
            data-testid="account-type"
          />
        </Form.Item>
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
        {alipay ? (
          <Form.Item
            key="alipay"
            name="cardNo"
            label={t('withdrawals.alipayAccount')}
            help={t('withdrawals.alipayAccountHint')}
            rules={[coreRule((v) => alipayAccountProblem(String(v ?? '')))]}
          >
            <Input
              placeholder={t('withdrawals.alipayAccountPlaceholder')}
              maxLength={64}
              aria-label={t('withdrawals.alipayAccount')}
              data-testid="card-no"
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              key="bank"
              name="cardNo"
              label={t('withdrawals.cardNo')}
              description={
                bin.data?.bankName ? (
                  <span data-testid="card-bank">
                    {bin.data.bankName}
                    {bin.data.cardTypeName ? ` · ${bin.data.cardTypeName}` : ''}
                  </span>
                ) : undefined
              }
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
          </>
        )}
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
