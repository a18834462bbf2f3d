import type { MerchantCondition } from '@pos/core';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { MerchantListView } from '../components/merchant-list-view';
import { LicenceTag } from '../components/status-tags';
import { readCondition } from '../hooks/read-condition';
import '../i18n';
import '../merchants.css';

const CONDITIONS: MerchantCondition[] = ['noLicence', 'all'];

/** Merchant supplement: merchants whose business licence is missing or not yet approved. */
export default function SupplementIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const condition = readCondition(params.get('condition'), CONDITIONS);
  return (
    <Page title={t('merchants.supplementTitle')} className="merch-page">
      <div className="merch-intro">{t('merchants.supplementHint')}</div>
      <MerchantListView
        conditions={CONDITIONS}
        condition={condition}
        onCondition={(c) => setParams({ condition: c }, { replace: true })}
        onOpen={(m) => navigate(`/pages/home/merchantSupplement/changeInfo?id=${m.id}`)}
        tags={(m) => <LicenceTag status={m.licenceStatus} />}
      />
    </Page>
  );
}
