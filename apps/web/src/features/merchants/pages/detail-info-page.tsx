import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { merchantKeys } from '../api/merchant-keys';
import { MerchantDetailView } from '../components/merchant-detail-view';
import { positiveId } from '../hooks/read-condition';
import '../i18n';
import '../merchants.css';

/** Merchant detail (home): terminals, rates, volume, licence and identification. */
export default function DetailInfoPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  return (
    <Page
      title={t('merchants.detailTitle')}
      className="merch-page"
      backTo="/pages/home/home/merch-info"
    >
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: merchantKeys.all })}>
        <MerchantDetailView id={id} />
      </PullRefresh>
    </Page>
  );
}
