import type { MerchantCondition } from '@pos/core';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { MerchantListView } from '../components/merchant-list-view';
import { readCondition } from '../hooks/read-condition';
import '../i18n';
import '../merchants.css';

const CONDITIONS: MerchantCondition[] = ['all', 'newThisMonth', 'activated', 'notActivated'];

/** Merchant data (data section): the merchants behind the figures, opening their data detail. */
export default function DataMerchInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const condition = readCondition(params.get('condition'), CONDITIONS);
  return (
    <Page
      title={t('merchants.merchDataInfoTitle')}
      className="merch-page"
      backTo="/pages/data/index"
    >
      <MerchantListView
        conditions={CONDITIONS}
        condition={condition}
        onCondition={(c) => setParams(c === 'all' ? {} : { condition: c }, { replace: true })}
        onOpen={(m) => navigate(`/pages/data/merch-detail?id=${m.id}`)}
      />
    </Page>
  );
}
