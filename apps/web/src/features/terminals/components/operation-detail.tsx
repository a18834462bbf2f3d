import { formatDate } from '@pos/core';
import { Button, List, Popup, Skeleton } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { LoadError } from '@/components/ui/load-error';
import { usePartyLabel } from '@/lib/party-name';
import { useOperationInfo } from '../api/get-operation-info';

/** A record in full, with its SNs a hundred at a time. */
export function OperationDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const party = usePartyLabel();
  const q = useOperationInfo(id);
  const record = q.data?.pages[0]?.record;
  const sns = q.data?.pages.flatMap((p) => p.sns) ?? [];
  let body;
  if (q.isLoading) body = <Skeleton.Paragraph lineCount={8} animated />;
  else if (q.isError || !record)
    body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  else {
    body = (
      <>
        <List>
          <List.Item extra={t(`terminals.types.${record.type}`)}>{t('terminals.type')}</List.Item>
          <List.Item extra={t(`terminals.statuses.${record.status}`)}>
            {t('terminals.status')}
          </List.Item>
          <List.Item extra={party(record.operator)}>{t('terminals.operator')}</List.Item>
          <List.Item extra={party(record.from)}>{t('terminals.from')}</List.Item>
          <List.Item extra={party(record.to)}>{t('terminals.to')}</List.Item>
          {record.merchantName && (
            <List.Item extra={record.merchantName}>{t('terminals.merchant')}</List.Item>
          )}
          <List.Item extra={t('terminals.countN', { n: record.count })}>
            {t('terminals.count')}
          </List.Item>
          <List.Item extra={formatDate(record.createdAt, 'yyyy-mm-dd hh:MM:ss')}>
            {t('terminals.time')}
          </List.Item>
          {record.decidedAt && (
            <List.Item extra={formatDate(record.decidedAt, 'yyyy-mm-dd hh:MM:ss')}>
              {t('terminals.decidedAt')}
            </List.Item>
          )}
          {record.status === 0 && record.autoPassAt && (
            <List.Item extra={formatDate(record.autoPassAt, 'yyyy-mm-dd hh:MM')}>
              {t('terminals.autoPassAt')}
            </List.Item>
          )}
          {record.reason && <List.Item extra={record.reason}>{t('terminals.reason')}</List.Item>}
          {record.decisionReason && (
            <List.Item extra={record.decisionReason}>{t('terminals.decisionReason')}</List.Item>
          )}
        </List>
        <div className="term-section-title">{t('terminals.snList')}</div>
        <div className="term-preview-sns" data-testid="record-sns">
          {sns.map((sn) => (
            <span key={sn} className="term-preview-sn">
              {sn}
            </span>
          ))}
        </div>
        {q.hasNextPage && (
          <Button
            block
            size="small"
            fill="none"
            loading={q.isFetchingNextPage}
            onClick={() => void q.fetchNextPage()}
          >
            {t('terminals.loadMore')}
          </Button>
        )}
      </>
    );
  }
  return (
    <Popup
      visible={id !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="term-popup"
      destroyOnClose
    >
      <div className="term-popup-body">{body}</div>
    </Popup>
  );
}
