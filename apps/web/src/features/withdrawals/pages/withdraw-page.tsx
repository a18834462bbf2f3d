import {
  WITHDRAWABLE_WALLETS,
  WITHDRAW_MIN_FEN,
  fenToYuanText,
  formatMoney,
  maskName,
  parseYuanAmount,
} from '@pos/core';
import { Dialog, List, NoticeBar, Radio, Selector, Skeleton, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { useApplyWithdrawal } from '../api/apply-withdrawal';
import { useBalances } from '../api/get-balances';
import { useIdentityStatus } from '../api/get-identity-status';
import { usePayPasswordStatus } from '../api/get-pay-password-status';
import { useSettleAccounts } from '../api/get-settle-accounts';
import { getWithdrawPreview, useWithdrawPreview } from '../api/get-withdraw-preview';
import { withdrawalKeys } from '../api/keys';
import { newIdempotencyKey, useWdLabels } from '../components/labels';
import { AmountField, PayPasswordField, SubmitBar } from '../components/money-form';
import '../i18n';
import '../withdrawals.css';

/**
 * Withdraw (/pages/earnings/earningsWithdrawal): wallet, amount, live fee + tax + net, card, pay
 * password. Submitting asks the server for the charges once more and shows them with the card;
 * nothing is frozen until the agent confirms.
 */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const labels = useWdLabels();
  const balances = useBalances();
  const identity = useIdentityStatus();
  const payPwd = usePayPasswordStatus();
  const accounts = useSettleAccounts();
  const apply = useApplyWithdrawal();
  const [walletType, setWalletType] = useState<(typeof WITHDRAWABLE_WALLETS)[number]>('profit');
  const [amount, setAmount] = useState('');
  const [accountId, setAccountId] = useState<number>();
  const [password, setPassword] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Once the agent has tried to submit, each field is checked again as it changes.
  const [tried, setTried] = useState(false);

  const amountFen = amount ? parseYuanAmount(amount) : null;
  const preview = useWithdrawPreview(walletType, amountFen);
  const available =
    balances.data?.wallets.find((w) => w.walletType === walletType)?.balanceFen ?? 0;
  const cards = accounts.data
    ? [...(accounts.data.own ? [accounts.data.own] : []), ...accounts.data.others]
    : [];
  const chosen = accountId ?? cards[0]?.id;

  const amountError = (text: string, wallet: typeof walletType): string | undefined => {
    const fen = text ? parseYuanAmount(text) : null;
    const left = balances.data?.wallets.find((w) => w.walletType === wallet)?.balanceFen ?? 0;
    if (!text) return t('withdrawals.amountRequired');
    if (fen === null) return t('withdrawals.amountFormat');
    if (fen < WITHDRAW_MIN_FEN)
      return t('withdrawals.amountTooLow', { m: fenToYuanText(WITHDRAW_MIN_FEN) });
    if (fen > left) return t('withdrawals.amountTooHigh');
    return undefined;
  };
  // An error shown stays only while its field is still wrong: each change checks that field again.
  const recheck = (field: string, error: string | undefined) =>
    setErrors((e) => {
      if (!tried || e[field] === error) return e;
      const next = { ...e };
      if (error) next[field] = error;
      else delete next[field];
      return next;
    });
  const changeAmount = (text: string) => {
    setAmount(text);
    recheck('amount', amountError(text, walletType));
  };
  const changeWallet = (w: typeof walletType) => {
    setWalletType(w);
    recheck('amount', amountError(amount, w));
  };
  const changePassword = (v: string) => {
    setPassword(v);
    recheck('payPassword', /^\d{6}$/.test(v) ? undefined : t('withdrawals.payPasswordRequired'));
  };

  const submit = async () => {
    const e: Record<string, string> = {};
    const amountWrong = amountError(amount, walletType);
    if (amountWrong) e.amount = amountWrong;
    if (!chosen) e.card = t('withdrawals.cardRequired');
    if (!/^\d{6}$/.test(password)) e.payPassword = t('withdrawals.payPasswordRequired');
    setErrors(e);
    setTried(true);
    if (Object.keys(e).length) return;
    const card = cards.find((c) => c.id === chosen)!;
    // The charges shown for confirmation are the server's, asked for this exact amount now.
    let charges;
    try {
      charges = await qc.fetchQuery({
        queryKey: withdrawalKeys.preview(walletType, amountFen!),
        queryFn: () => getWithdrawPreview(walletType, amountFen!),
        staleTime: 0,
      });
    } catch (error) {
      Toast.show({
        content:
          error instanceof Error && error.message ? error.message : t('withdrawals.previewFailed'),
      });
      return;
    }
    // Money is frozen only after the agent has seen what leaves, what it costs and where it goes.
    const row = (label: string, value: string, testId: string, strong = false) => (
      <div className="wd-confirm-row">
        <span>{label}</span>
        <span className={strong ? 'wd-net' : undefined} data-testid={testId}>
          {value}
        </span>
      </div>
    );
    const go = await Dialog.confirm({
      title: t('withdrawals.confirmTitle'),
      content: (
        <div className="wd-confirm" data-testid="withdraw-confirm">
          {row(t('withdrawals.wallet'), labels.wallet(walletType), 'confirm-wallet')}
          {row(t('withdrawals.amount'), `¥${formatMoney(charges.amountFen)}`, 'confirm-amount')}
          {row(t('withdrawals.fee'), `¥${formatMoney(charges.feeFen)}`, 'confirm-fee')}
          {row(t('withdrawals.tax'), `¥${formatMoney(charges.taxFen)}`, 'confirm-tax')}
          {row(t('withdrawals.vat'), `¥${formatMoney(charges.vatFen)}`, 'confirm-vat')}
          {row(t('withdrawals.pit'), `¥${formatMoney(charges.pitFen)}`, 'confirm-pit')}
          {charges.taxChannelName &&
            row(
              t('withdrawals.taxChannel'),
              `${charges.taxChannelName} · ${labels.taxAt(charges.taxAt)}`,
              'confirm-tax-channel',
            )}
          {row(
            t('withdrawals.net'),
            `¥${formatMoney(Math.max(0, charges.netFen))}`,
            'confirm-net',
            true,
          )}
          {row(
            t('withdrawals.card'),
            `${card.bankName} ${card.cardMasked} ${maskName(card.holderName)}`,
            'confirm-card',
          )}
          <div className="wd-confirm-note">{t('withdrawals.confirmNote')}</div>
        </div>
      ),
      confirmText: t('withdrawals.confirmOk'),
      cancelText: t('withdrawals.confirmCancel'),
    });
    if (!go) return;
    try {
      const w = await apply.mutateAsync({
        walletType,
        amountFen: amountFen!,
        accountId: chosen!,
        payPassword: password,
        idempotencyKey: key,
        // The fee and taxes confirmed: refused if the tax channel changed since.
        taxTermsKey: charges.taxTermsKey,
      });
      Toast.show({ icon: 'success', content: t('withdrawals.submitted') });
      setKey(newIdempotencyKey());
      if (w) navigate(`/pages/earnings/earningsWithdrawalInfo?id=${w.id}`, { replace: true });
    } catch {
      setPassword('');
    }
  };

  const loading =
    balances.isLoading || identity.isLoading || accounts.isLoading || payPwd.isLoading;
  const failed = balances.isError || accounts.isError;
  return (
    <Page
      title={t('withdrawals.withdraw')}
      className="wd-page"
      right={
        <a
          onClick={() => navigate('/pages/earnings/withdrawalList')}
          data-testid="to-withdrawal-list"
        >
          {t('withdrawals.withdrawals')}
        </a>
      }
    >
      {loading ? (
        <div className="wd-block">
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : failed ? (
        <LoadError
          error={balances.error ?? accounts.error}
          onRetry={() => {
            void balances.refetch();
            void accounts.refetch();
          }}
        />
      ) : (
        <>
          {identity.data && !identity.data.verified && (
            <NoticeBar
              color="alert"
              content={t('withdrawals.notVerified')}
              extra={
                <a onClick={() => navigate('/pages/earnings/uploadIdCard')} data-testid="go-verify">
                  {t('withdrawals.goVerify')}
                </a>
              }
            />
          )}
          {payPwd.data && !payPwd.data.hasPayPassword && (
            <NoticeBar
              color="info"
              content={t('withdrawals.noPayPassword')}
              extra={
                <a onClick={() => navigate('/page-subpage/setting/forgotPayPassword')}>
                  {t('withdrawals.goSet')}
                </a>
              }
            />
          )}
          <div className="wd-block">
            <div>{t('withdrawals.wallet')}</div>
            <Selector
              className="wd-wallet-selector"
              columns={2}
              value={[walletType]}
              onChange={(v) => v[0] && changeWallet(v[0])}
              options={WITHDRAWABLE_WALLETS.map((w) => ({
                label: labels.wallet(w),
                description: formatMoney(
                  balances.data?.wallets.find((x) => x.walletType === w)?.balanceFen ?? 0,
                ),
                value: w,
              }))}
              data-testid="wallet-picker"
            />
          </div>
          <AmountField
            label={t('withdrawals.amount')}
            value={amount}
            onChange={changeAmount}
            availableFen={available}
            error={errors.amount}
            hint={`${t('withdrawals.available')} ¥${formatMoney(available)} · ${t('withdrawals.minAmount', { m: fenToYuanText(WITHDRAW_MIN_FEN) })}`}
            allTestId="withdraw-all"
            inputClassName="wd-amount-input"
          >
            {preview.data && amountFen !== null && (
              <div className="wd-charges" data-testid="charges">
                <span>{t('withdrawals.fee')}</span>
                <span>¥{formatMoney(preview.data.feeFen)}</span>
                <span>{t('withdrawals.tax')}</span>
                <span>¥{formatMoney(preview.data.taxFen)}</span>
                <span className="wd-charges-part">{t('withdrawals.vat')}</span>
                <span className="wd-charges-part" data-testid="vat">
                  ¥{formatMoney(preview.data.vatFen)}
                </span>
                <span className="wd-charges-part">{t('withdrawals.pit')}</span>
                <span className="wd-charges-part" data-testid="pit">
                  ¥{formatMoney(preview.data.pitFen)}
                </span>
                <span>{t('withdrawals.net')}</span>
                <span className="wd-net" data-testid="net">
                  ¥{formatMoney(Math.max(0, preview.data.netFen))}
                </span>
              </div>
            )}
          </AmountField>
          <List header={t('withdrawals.card')}>
            {cards.length === 0 ? (
              <List.Item
                onClick={() => navigate('/pages/myInfo/bindCard/bindCard?mode=add')}
                data-testid="bind-card"
              >
                {t('withdrawals.noCard')} · {t('withdrawals.goBind')}
              </List.Item>
            ) : (
              <Radio.Group
                value={chosen}
                onChange={(v) => {
                  setAccountId(Number(v));
                  recheck('card', undefined);
                }}
              >
                {cards.map((c) => (
                  <List.Item
                    key={c.id}
                    prefix={<Radio value={c.id} aria-label={c.cardMasked} />}
                    description={maskName(c.holderName)}
                  >
                    {c.bankName} {c.cardMasked}
                  </List.Item>
                ))}
              </Radio.Group>
            )}
            {errors.card && (
              <List.Item>
                <span className="adm-form-item-feedback-error">{errors.card}</span>
              </List.Item>
            )}
          </List>
          <div className="wd-block">
            <PayPasswordField
              label={t('withdrawals.payPassword')}
              value={password}
              onChange={changePassword}
              error={errors.payPassword}
            />
          </div>
          <SubmitBar loading={apply.isPending} onSubmit={submit} testId="submit-withdraw">
            {t('withdrawals.submit')}
          </SubmitBar>
        </>
      )}
    </Page>
  );
}
