import { DotLoading } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

/** The line under an infinite list: loading, a retry after a failure, or "no more". */
export function InfiniteFooter({
  hasMore,
  failed,
  retry,
}: {
  hasMore: boolean;
  failed: boolean;
  retry: () => void;
}) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <button type="button" className="infinite-footer-retry" onClick={retry}>
        {t('common.loadFailed')}，{t('common.retry')}
      </button>
    );
  }
  return (
    <span className="infinite-footer">
      {hasMore ? (
        <>
          {t('common.loading')}
          <DotLoading />
        </>
      ) : (
        t('common.noMore')
      )}
    </span>
  );
}
