import { WITHDRAWABLE_WALLETS, formatMoney, parseYuanAmount } from '@pos/core';
import { Dialog, Selector, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { useBalances } from '../api/get-balances';
import { usePayPasswordStatus } from '../api/get-pay-password-status';
import { useToCapitalPool } from '../api/to-capital-pool';
import { newIdempotencyKey, useWdLabels } from '../components/labels';
import { AmountField, PayPasswordField, SubmitBar } from '../components/money-form';
import '../i18n';
import '../withdrawals.css';

/** Move money from an earnings wallet to the capital pool (/pages/earnings/capitalPool). */
export default function CapitalPoolPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labels = useWdLabels();
  const balances = useBalances();
  const payPwd = usePayPasswordStatus();
  const move = useToCapitalPool();
  const [from, setFrom] = useState<(typeof WITHDRAWABLE_WALLETS)[number]>('profit');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const bal = (w: string) =>
    balances.data?.wallets.find((x) => x.walletType === w)?.balanceFen ?? 0;
  const available = bal(from);

  const submit = async () => {
    const fen = amount ? parseYuanAmount(amount) : null;
    const e: Record<string, string> = {};
    if (!amount) e.amount = t('withdrawals.transferAmountRequired');
    else if (fen === null) e.amount = t('withdrawals.amountFormat');
    else if (fen <= 0) e.amount = t('withdrawals.amountPositive');
    else if (fen > available) e.amount = t('withdrawals.amountTooHigh');
    if (!/^\d{6}$/.test(password)) e.payPassword = t('withdrawals.payPasswordRequired');
    setErrors(e);
    if (Object.keys(e).length) return;
    // Money moves only after the agent has seen where it goes and that it cannot come back out.
    const go = await Dialog.confirm({
      title: t('withdrawals.confirmTransferTitle'),
      content: (
        <div data-testid="transfer-confirm">
          {t('withdrawals.transferWhat', {
            from: labels.wallet(from),
            amount: formatMoney(fen!),
          })}
        </div>
      ),
      confirmText: t('withdrawals.confirmTransferOk'),
    });
    if (!go) return;
    try {
      await move.mutateAsync({
        fromWalletType: from,
        amountFen: fen!,
        payPassword: password,
        idempotencyKey: key,
      });
      Toast.show({ icon: 'success', content: t('withdrawals.transferred') });
      setKey(newIdempotencyKey());
      setAmount('');
      setPassword('');
    } catch {
      setPassword('');
    }
  };

  return (
    <Page title={t('withdrawals.capitalPool')} className="wd-page">
      {balances.isLoading ? (
        <div className="wd-block">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : balances.isError ? (
        <LoadError error={balances.error} onRetry={() => void balances.refetch()} />
      ) : (
        <>
          <section className="wd-hero">
            <div>{t('withdrawals.capitalPoolBalance')}</div>
            <div className="wd-hero-amount" data-testid="capital-pool-balance">
              ¥{formatMoney(bal('capital_pool'))}
            </div>
            <div className="wd-row-sub">{t('withdrawals.capitalPoolHint')}</div>
          </section>
          <div className="wd-block">
            <div>{t('withdrawals.fromWallet')}</div>
            <Selector
              columns={2}
              value={[from]}
              onChange={(v) => v[0] && setFrom(v[0])}
              options={WITHDRAWABLE_WALLETS.map((w) => ({
                label: labels.wallet(w),
                description: formatMoney(bal(w)),
                value: w,
              }))}
              data-testid="from-wallet"
            />
          </div>
          <AmountField
            label={t('withdrawals.transferAmount')}
            value={amount}
            onChange={setAmount}
            availableFen={available}
            error={errors.amount}
            hint={`${t('withdrawals.available')} ¥${formatMoney(available)}`}
          />
          <div className="wd-block">
            <PayPasswordField
              label={
                <>
                  {t('withdrawals.payPassword')}
                  {payPwd.data && !payPwd.data.hasPayPassword && (
                    <a
                      style={{ float: 'right' }}
                      onClick={() => navigate('/page-subpage/setting/forgotPayPassword')}
                    >
                      {t('withdrawals.goSet')}
                    </a>
                  )}
                </>
              }
              value={password}
              onChange={setPassword}
              error={errors.payPassword}
            />
          </div>
          <SubmitBar loading={move.isPending} onSubmit={submit} testId="submit-transfer">
            {t('withdrawals.confirmTransfer')}
          </SubmitBar>
        </>
      )}
    </Page>
  );
}
