import { WALLET_TYPES, type WalletType } from '@pos/core';
import { Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { walletKeys } from '../api/wallet-keys';
import { useLabels } from '../components/labels';
import { LedgerList } from '../components/ledger-list';
import { MonthPicker } from '@/components/ui/month-picker';
import '../i18n';
import '../wallet.css';

const isWalletType = (v: string | null): v is WalletType =>
  (WALLET_TYPES as readonly string[]).includes(v ?? '');

/** Account details (/pages/earnings/accountBalanceDetails?walletType=): every movement of one account. */
export default function AccountDetailsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const labels = useLabels();
  const [params, setParams] = useSearchParams();
  const walletType = isWalletType(params.get('walletType'))
    ? (params.get('walletType') as WalletType)
    : 'profit';
  const [month, setMonth] = useState<string | undefined>();
  return (
    <Page title={t('wallet.accountDetails')} className="wallet-page">
      <Tabs
        activeKey={walletType}
        onChange={(key) => setParams({ walletType: key }, { replace: true })}
      >
        {WALLET_TYPES.map((w) => (
          <Tabs.Tab key={w} title={labels.walletType(w)} />
        ))}
      </Tabs>
      <div className="wallet-toolbar">
        <MonthPicker className="wallet-chip" value={month} onChange={setMonth} allowAll />
      </div>
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: walletKeys.all })}>
        <LedgerList filters={{ walletType, month }} showBalance />
      </PullRefresh>
    </Page>
  );
}
