import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useMerchantRates } from '../api/get-merchant-rates';
import { useRateChanges } from '../api/get-rate-changes';
import { policyKeys } from '../api/policy-keys';
import { DetailSkeleton, EmptyBlock, ListStates } from '../components/list-states';
import { MerchantHead } from '../components/merchant-head';
import { rateLabel, rateText } from '../components/policy-format';
import { RateChangeCard } from '../components/rate-change-card';
import { useIdParam } from '../hooks/use-id-param';
import { useLang } from '@/lib/use-lang';
import '../i18n';
import '../policies.css';

/**
 * A merchant's rates and their change history (/pages/home/policy/changeMercDetail?merchantId=):
 * who changed what, from what to what, when, and what the acquirer answered.
 */
export default function ChangeMercDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const merchantId = useIdParam('merchantId', 'id');
  const sn = params.get('sn') ?? '';
  const info = useMerchantRates(merchantId);
  const history = useRateChanges({ merchantId });
  const rows = history.data?.pages.flatMap((p) => p.rows) ?? [];

  let body = recordGate(
    !!merchantId,
    info,
    '/pages/home/policy/changeMerchRate',
    <DetailSkeleton />,
  );
  if (!body && info.data) {
    const d = info.data;
    body = (
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: policyKeys.all })}>
        <MerchantHead info={d} />
        <div className="pol-card" data-testid="merchant-rates">
          {d.rates.map((r) => (
            <div className="pol-row" key={r.rateType}>
              <span>{rateLabel(r.rateType, lang)}</span>
              <span>
                <b>{rateText(r.rateType, r.rate, lang)}</b>
                <span className="pol-muted">
                  {' '}
                  ({rateText(r.rateType, r.minAllowed, lang)}~
                  {rateText(r.rateType, r.maxAllowed, lang)})
                </span>
              </span>
            </div>
          ))}
        </div>
        <div className="pol-section">{t('policies.changeHistory')}</div>
        <ListStates q={history} empty={<EmptyBlock title={t('policies.noHistory')} />}>
          {rows.map((r) => (
            <RateChangeCard
              key={r.id}
              item={r}
              onOpen={() => navigate(`/pages/home/policy/changeRateInfo?id=${r.id}`)}
            />
          ))}
        </ListStates>
        {d.canChange && (
          <div className="pol-footer">
            <Button
              block
              color="primary"
              size="large"
              data-testid="go-change-rate"
              onClick={() =>
                navigate(
                  `/pages/home/home/updateRate?merchantId=${d.merchant.id}${sn ? `&sn=${sn}` : ''}`,
                )
              }
            >
              {t('policies.changeRate')}
            </Button>
          </div>
        )}
      </PullRefresh>
    );
  }
  return (
    <Page title={t('policies.mercDetailTitle')} className="pol-page">
      {body}
    </Page>
  );
}
