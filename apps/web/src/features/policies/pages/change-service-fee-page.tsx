import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { FeeChangeForm } from '../components/fee-change-form';
import '../i18n';
import '../policies.css';

/** Service fee (deposit) change of unbound terminals (/pages/home/policy/changeServiceFee). */
export default function ChangeServiceFeePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page
      title={t('policies.serviceFeeTitle')}
      className="pol-page"
      right={
        <button
          type="button"
          className="pol-nav-button"
          onClick={() => navigate('/pages/home/policy/changeServiceList?kind=1')}
        >
          {t('policies.records')}
        </button>
      }
    >
      <FeeChangeForm kind={1} />
    </Page>
  );
}
