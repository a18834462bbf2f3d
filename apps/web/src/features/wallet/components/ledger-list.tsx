import { ErrorBlock, InfiniteScroll, List, Skeleton } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { InfiniteFooter } from '@/components/ui/infinite-footer';
import { LoadError } from '@/components/ui/load-error';
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
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  const monthTotal = q.data?.pages[0]?.monthTotalFen ?? null;
  if (q.isLoading) {
    return (
      <div className="wallet-block">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }
  if (q.isError && rows.length === 0)
    return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (rows.length === 0) {
    return (
      <ErrorBlock
        status="empty"
        title={t('wallet.noRecords')}
        description={t('wallet.noRecordsDesc')}
        data-testid="ledger-empty"
      />
    );
  }
  return (
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
      <InfiniteScroll
        loadMore={async () => void (await q.fetchNextPage())}
        hasMore={q.hasNextPage && !q.isFetchNextPageError}
      >
        <InfiniteFooter
          hasMore={q.hasNextPage}
          failed={q.isFetchNextPageError}
          retry={() => void q.fetchNextPage()}
        />
      </InfiniteScroll>
    </>
  );
}
