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

/** Merchant detail (data section): volume first, then terminals and rates. */
export default function DataMerchDetailPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  return (
    <Page title={t('merchants.detailTitle')} className="merch-page" backTo="/pages/data/merch-info">
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: merchantKeys.all })}>
        <MerchantDetailView id={id} focus="data" backTo="/pages/data/merch-info" />
      </PullRefresh>
    </Page>
  );
}
