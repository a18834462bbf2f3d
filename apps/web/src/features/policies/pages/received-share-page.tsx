import { sharePpmToPercentText } from '@pos/core';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useReceivedPriceShares } from '../api/get-received-price-shares';
import { policyKeys } from '../api/policy-keys';
import { DetailSkeleton, EmptyBlock } from '../components/list-states';
import { dateTime } from '../components/policy-format';
import '../i18n';
import '../policies.css';

/**
 * My price-adjustment share (/pages/home/price-property-detail/price-property-detail): per policy,
 * the part of the adjustment income reaching its parent that the parent passes to the caller.
 */
export default function ReceivedSharePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useReceivedPriceShares();
  let body;
  if (q.isLoading) body = <DetailSkeleton />;
  else if (q.isError) body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  else if (!q.data?.length)
    body = (
      <EmptyBlock title={t('policies.noReceived')} description={t('policies.noReceivedDesc')} />
    );
  else {
    body = (
      <div data-testid="received-list">
        {q.data.map((r) => (
          <div
            key={r.policyId}
            className="pol-list-item"
            role="button"
            tabIndex={0}
            data-testid={`received-${r.policyId}`}
            onClick={() =>
              navigate(`/pages/home/price-property-detail/detail?policyId=${r.policyId}`)
            }
          >
            <div className="pol-list-head">
              {r.policyName}
              <span>
                <b style={{ color: 'var(--adm-color-primary)' }}>
                  {sharePpmToPercentText(r.passPpm)}
                </b>{' '}
                {r.isDefault && (
                  <Tag color="default" fill="outline">
                    {t('policies.defaultShare')}
                  </Tag>
                )}
              </span>
            </div>
            <div className="pol-list-sub">
              <span>{t('policies.receivedFrom', { name: r.parentName })}</span>
              <span>{t('policies.childCount', { n: r.childCount })}</span>
              {r.updatedAt && <span>{t('policies.updatedAt', { t: dateTime(r.updatedAt) })}</span>}
            </div>
          </div>
        ))}
      </div>
    );
  }
  return (
    <Page
      title={t('policies.receivedTitle')}
      className="pol-page"
      right={
        <button
          type="button"
          className="pol-nav-button"
          onClick={() => navigate('/pages/home/price-property/price-property')}
        >
          {t('policies.toMyChildren')}
        </button>
      }
    >
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: policyKeys.received() })}>
        <div className="pol-note">{t('policies.adjustRule')}</div>
        {body}
      </PullRefresh>
    </Page>
  );
}
