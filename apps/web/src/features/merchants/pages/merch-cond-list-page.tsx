import type { MerchantCondition } from '@pos/core';
import { MERCHANT_CONDITIONS } from '@pos/core';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { MerchantListView } from '../components/merchant-list-view';
import { IdentifyTag, LicenceTag } from '../components/status-tags';
import { readCondition } from '../hooks/read-condition';
import '../i18n';
import '../merchants.css';

/** Merchants by condition: activated or not, new this month, licence or identification missing. */
export default function MerchCondListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const condition = readCondition(params.get('condition'));
  return (
    <Page title={t('merchants.condTitle')} className="merch-page" backTo="/pages/home/data/merch">
      <MerchantListView
        conditions={MERCHANT_CONDITIONS}
        condition={condition}
        onCondition={(c: MerchantCondition) => setParams({ condition: c }, { replace: true })}
        onOpen={(m) => navigate(`/pages/home/data/merch-cond-Info?id=${m.id}`)}
        tags={(m) => (
          <>
            <LicenceTag status={m.licenceStatus} />
            <IdentifyTag status={m.identifyStatus} />
          </>
        )}
      />
    </Page>
  );
}
