import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate } from '@/lib/router';
import { isMissingRecord } from '@/lib/api-client';
import { LoadError } from './load-error';

export { isMissingRecord };

/** The one state of a detail page opened without its record: what happened and a way back. */
export function MissingRecord({ backTo }: { backTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <ErrorBlock
      status="empty"
      title={t('common.recordMissing')}
      description={t('common.recordMissingDesc')}
      data-testid="record-missing"
      className="record-missing"
    >
      <Button
        color="primary"
        fill="outline"
        shape="rounded"
        onClick={() => {
          if (location.key !== 'default' && window.history.length > 1) navigate(-1);
          else navigate(backTo, { replace: true });
        }}
      >
        {t('common.goBack')}
      </Button>
    </ErrorBlock>
  );
}

interface RecordQuery {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  data: unknown;
  refetch: () => unknown;
}

/**
 * What a detail page shows until its record is there: the missing state when the link has no
 * usable id or the server has no such record, a skeleton while loading, the error with a retry
 * otherwise. Null means the record is loaded and the page renders it.
 */
export function recordGate(
  idOk: boolean,
  q: RecordQuery,
  backTo: string,
  skeleton: ReactNode = <Skeleton.Paragraph lineCount={8} animated />,
): ReactNode | null {
  if (!idOk) return <MissingRecord backTo={backTo} />;
  if (q.isLoading) return skeleton;
  if (q.isError && !isMissingRecord(q.error))
    return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (q.isError || q.data === undefined || q.data === null)
    return <MissingRecord backTo={backTo} />;
  return null;
}
