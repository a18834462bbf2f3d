import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { MerchantPicker } from '../components/merchant-picker';
import '../i18n';
import '../policies.css';

/**
 * Change terminal rate (/pages/home/policy/changeMerchRate): find a terminal by its SN (or its
 * merchant) among the caller's direct merchants, then see and change that merchant's rates.
 */
export default function ChangeMerchRatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page
      title={t('policies.merchRateTitle')}
      className="pol-page"
      right={
        <button
          type="button"
          className="pol-nav-button"
          onClick={() => navigate('/pages/home/policy/changeRateList')}
        >
          {t('policies.records')}
        </button>
      }
    >
      <MerchantPicker
        onPick={(m, keyword) => {
          // A search by SN names the terminal the change starts from.
          const sn = m.sns.find((s) => s === keyword.toUpperCase());
          navigate(
            `/pages/home/policy/changeMercDetail?merchantId=${m.id}${sn ? `&sn=${sn}` : ''}`,
          );
        }}
      />
    </Page>
  );
}
