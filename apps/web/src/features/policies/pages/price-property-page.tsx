import { useQueryClient } from '@tanstack/react-query';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { usePriceShares } from '../api/get-price-shares';
import { policyKeys } from '../api/policy-keys';
import { EmptyBlock, ListStates } from '../components/list-states';
import { ShareItem } from '../components/share-item';
import '../i18n';
import '../policies.css';

/**
 * Price-adjustment share (/pages/home/price-property/price-property): for each direct sub-agent
 * and policy, the part of the adjustment income the caller passes down to it.
 */
export default function PricePropertyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = usePriceShares();
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <Page
      title={t('policies.priceShareTitle')}
      className="pol-page"
      right={
        <button
          type="button"
          className="pol-nav-button"
          aria-label={t('policies.addShare')}
          onClick={() => navigate('/pages/home/price-property/add')}
        >
          <AddOutline />
        </button>
      }
    >
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: policyKeys.all })}>
        <div className="pol-note">
          {t('policies.adjustRule')}{' '}
          <button
            type="button"
            className="pol-link"
            onClick={() => navigate('/pages/home/price-property-detail/price-property-detail')}
          >
            {t('policies.toReceived')} ›
          </button>
        </div>
        <ListStates q={q} empty={<EmptyBlock title={t('policies.noShares')} />}>
          <div data-testid="share-list">
            {rows.map((r) => (
              <ShareItem
                key={`${r.childId}-${r.policyId}`}
                item={r}
                onOpen={() =>
                  navigate(
                    `/pages/home/price-property/detail?childId=${r.childId}&policyId=${r.policyId}`,
                  )
                }
              />
            ))}
          </div>
        </ListStates>
      </PullRefresh>
    </Page>
  );
}
