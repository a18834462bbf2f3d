import { ErrorBlock, List } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { InfiniteStates, ListSkeleton } from '@/components/ui/infinite-list';
import { useLedger, type LedgerFilters } from '../api/get-ledger';
import { LedgerRow } from './ledger-row';
import { Money } from './money';

/** An infinite list of ledger lines for the given filters, each opening its explanation. */
export function LedgerList({
  filters,
  showBalance = false,
}: {
  filters: LedgerFilters;
  showBalance?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useLedger(filters);
  const monthTotal = q.data?.pages[0]?.monthTotalFen ?? null;
  return (
    <InfiniteStates
      query={q}
      empty={
        <ErrorBlock
          status="empty"
          title={t('wallet.noRecords')}
          description={t('wallet.noRecordsDesc')}
          data-testid="ledger-empty"
        />
      }
      skeleton={<ListSkeleton className="wallet-block" lines={8} />}
    >
      {(rows) => (
        <>
          {monthTotal !== null && (
            <div className="wallet-month-total" data-testid="month-total">
              {t('wallet.monthTotal')} <Money fen={monthTotal} signed />
            </div>
          )}
          <List className="wallet-list" data-testid="ledger-list">
            {rows.map((line) => (
              <LedgerRow
                key={line.id}
                line={line}
                showBalance={showBalance}
                onOpen={() => navigate(`/pages/earnings/earningsInfo?id=${line.id}`)}
              />
            ))}
          </List>
        </>
      )}
    </InfiniteStates>
  );
}
