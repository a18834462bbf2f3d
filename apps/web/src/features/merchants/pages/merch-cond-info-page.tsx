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

/** A merchant as the condition lists see it: each terminal's activation progress first. */
export default function MerchCondInfoPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  return (
    <Page
      title={t('merchants.condInfoTitle')}
      className="merch-page"
      backTo="/pages/home/data/merch-cond-list"
    >
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: merchantKeys.all })}>
        <MerchantDetailView id={id} focus="condition" backTo="/pages/home/data/merch-cond-list" />
      </PullRefresh>
    </Page>
  );
}
