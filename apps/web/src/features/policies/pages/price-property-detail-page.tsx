import { FULL_PASS_PPM, sharePpmToPercentText } from '@pos/core';
import { Button } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { usePriceShare } from '../api/get-price-share';
import { DetailSkeleton, EmptyBlock } from '../components/list-states';
import { ShareExample } from '../components/share-example';
import { ShareHistory } from '../components/share-history';
import { useIdParam } from '../hooks/use-id-param';
import '../i18n';
import '../policies.css';

/** One sub-agent's share under one policy, with its history (/pages/home/price-property/detail). */
export default function PricePropertyDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const childId = useIdParam('childId', 'agentId');
  const policyId = useIdParam('policyId');
  const q = usePriceShare(childId, policyId);
  let body;
  if (!childId || !policyId) body = <EmptyBlock title={t('policies.pickChildPolicy')} />;
  else if (q.isLoading) body = <DetailSkeleton />;
  else if (q.isError || !q.data)
    body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  else {
    const d = q.data;
    body = (
      <>
        <div className="pol-card" data-testid="share-detail">
          <div className="pol-card-title">
            <span>
              {d.childName} <small>{d.childMobile}</small>
            </span>
            <small>{d.policyName}</small>
          </div>
          <div className="pol-row">
            <span>{t('policies.passDown')}</span>
            <span className="pol-big" data-testid="share-value">
              {sharePpmToPercentText(d.passPpm)}
            </span>
          </div>
          <div className="pol-row">
            <span>{t('policies.keepRate', { v: '' })}</span>
            <b>{sharePpmToPercentText(FULL_PASS_PPM - d.passPpm)}</b>
          </div>
          <ShareExample passPpm={d.passPpm} />
        </div>
        <div className="pol-section">{t('policies.history')}</div>
        <ShareHistory history={d.history} />
        <div className="pol-footer">
          <Button
            block
            color="primary"
            size="large"
            onClick={() =>
              navigate(`/pages/home/price-property/add?childId=${d.childId}&policyId=${d.policyId}`)
            }
            data-testid="edit-share"
          >
            {t('policies.edit')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <Page
      title={t('policies.priceShareDetailTitle')}
      className="pol-page"
      backTo="/pages/home/price-property/price-property"
    >
      {body}
    </Page>
  );
}
