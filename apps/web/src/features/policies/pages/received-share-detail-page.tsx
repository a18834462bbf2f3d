import { sharePpmToPercentText } from '@pos/core';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { useReceivedPriceShare } from '../api/get-received-price-share';
import { DetailSkeleton, EmptyBlock } from '../components/list-states';
import { ShareExample } from '../components/share-example';
import { ShareHistory } from '../components/share-history';
import { ShareItem } from '../components/share-item';
import { useIdParam } from '../hooks/use-id-param';
import '../i18n';
import '../policies.css';

/**
 * One policy's share as it reaches the caller (/pages/home/price-property-detail/detail?policyId=):
 * what the parent passes, its history, and what the caller passes on to each of its sub-agents.
 */
export default function ReceivedShareDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const policyId = useIdParam('policyId');
  const q = useReceivedPriceShare(policyId);
  let body;
  if (!policyId) body = <EmptyBlock title={t('policies.pickChildPolicy')} />;
  else if (q.isLoading) body = <DetailSkeleton />;
  else if (q.isError || !q.data)
    body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  else {
    const d = q.data;
    body = (
      <>
        <div className="pol-card" data-testid="received-detail">
          <div className="pol-card-title">
            {d.policyName}
            <small>{t('policies.receivedFrom', { name: d.parentName })}</small>
          </div>
          <div className="pol-row">
            <span>{t('policies.received')}</span>
            <span className="pol-big">{sharePpmToPercentText(d.passPpm)}</span>
          </div>
          <ShareExample passPpm={d.passPpm} side="child" />
        </div>
        <div className="pol-section">{t('policies.history')}</div>
        <ShareHistory history={d.history} />
        <div className="pol-section">{t('policies.myChildren')}</div>
        {d.children.length === 0 ? (
          <EmptyBlock title={t('policies.noShares')} />
        ) : (
          d.children.map((c) => (
            <ShareItem
              key={c.childId}
              item={c}
              onOpen={() =>
                navigate(
                  `/pages/home/price-property/detail?childId=${c.childId}&policyId=${c.policyId}`,
                )
              }
            />
          ))
        )}
      </>
    );
  }
  return (
    <Page
      title={t('policies.receivedDetailTitle')}
      className="pol-page"
      backTo="/pages/home/price-property-detail/price-property-detail"
    >
      {body}
    </Page>
  );
}
