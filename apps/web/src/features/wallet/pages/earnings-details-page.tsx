import { EARNING_INFO_TYPES } from '@pos/core';
import { Dropdown, type DropdownRef } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { ChoiceList } from '@/components/ui/choice-list';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { walletKeys } from '../api/wallet-keys';
import { useLabels } from '../components/labels';
import { LedgerList } from '../components/ledger-list';
import { MonthPicker } from '@/components/ui/month-picker';
import { ExportButton } from '@/features/exports/components/export-button';
import '../i18n';
import '../wallet.css';

/**
 * Earnings details (/pages/earnings/earningsDetails): the ledger of my earnings, labelled with the
 * spec's info types (promoter for pusher, monthly allowance ...), by type and month.
 */
export default function EarningsDetailsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const labels = useLabels();
  const [params, setParams] = useSearchParams();
  const infoType = params.get('infoType') ?? '';
  const dropdown = useRef<DropdownRef>(null);
  const [month, setMonth] = useState<string | undefined>(params.get('month') ?? undefined);
  return (
    <Page
      title={t('wallet.earningsDetails')}
      className="wallet-page"
      right={
        <ExportButton
          kind="earnings"
          filters={{ earningsOnly: infoType ? undefined : 'true', infoType, month }}
        />
      }
    >
      <div className="wallet-toolbar">
        <Dropdown className="wallet-dropdown" ref={dropdown}>
          <Dropdown.Item
            key="type"
            title={infoType ? labels.infoType(infoType) : t('wallet.allTypes')}
            data-testid="info-type-filter"
          >
            <ChoiceList
              value={infoType || undefined}
              choices={[
                { value: undefined, label: t('wallet.allTypes') },
                ...EARNING_INFO_TYPES.map((code) => ({
                  value: code,
                  label: labels.infoType(code),
                })),
              ]}
              onChoose={(v) => setParams(v ? { infoType: v } : {}, { replace: true })}
              close={() => dropdown.current?.close()}
            />
          </Dropdown.Item>
        </Dropdown>
        <MonthPicker className="wallet-chip" value={month} onChange={setMonth} allowAll />
      </div>
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: walletKeys.all })}>
        <LedgerList filters={{ earningsOnly: !infoType, infoType: infoType || undefined, month }} />
      </PullRefresh>
    </Page>
  );
}
