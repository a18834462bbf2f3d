import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { useMerchantRates } from '../api/get-merchant-rates';
import { DetailSkeleton } from '../components/list-states';
import { MerchantHead } from '../components/merchant-head';
import { MerchantPicker } from '../components/merchant-picker';
import { RateChangeForm } from '../components/rate-change-form';
import { useIdParam } from '../hooks/use-id-param';
import '../i18n';
import '../policies.css';

/**
 * Change merchant rate (/pages/home/home/updateRate?merchantId=&sn=): the merchant's rates with
 * what may be set, and the new ones. Without a merchant, the caller's direct merchants to pick.
 */
export default function UpdateRatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const merchantId = useIdParam('merchantId', 'id');
  const sn = params.get('sn')?.trim() || undefined;
  const q = useMerchantRates(merchantId);
  const records = (
    <button
      type="button"
      className="pol-nav-button"
      onClick={() => navigate('/pages/home/policy/changeRateList')}
    >
      {t('policies.records')}
    </button>
  );
  let body;
  if (!merchantId) {
    body = (
      <MerchantPicker onPick={(m) => navigate(`/pages/home/home/updateRate?merchantId=${m.id}`)} />
    );
  } else body = recordGate(true, q, '/pages/home/home/updateRate', <DetailSkeleton />);
  if (merchantId && !body && q.data) {
    body = (
      <>
        <MerchantHead info={q.data} />
        <RateChangeForm key={q.data.merchant.id} info={q.data} sn={sn} />
      </>
    );
  }
  return (
    <Page title={t('policies.updateRateTitle')} className="pol-page" right={records}>
      {body}
    </Page>
  );
}
