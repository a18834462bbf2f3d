import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { FeeChangeForm } from '../components/fee-change-form';
import '../i18n';
import '../policies.css';

/** Communication fee (yearly SIM fee) change of unbound terminals (/pages/home/policy/changeCommFee). */
export default function ChangeCommFeePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page
      title={t('policies.commFeeTitle')}
      className="pol-page"
      right={
        <button
          type="button"
          className="pol-nav-button"
          onClick={() => navigate('/pages/home/policy/changeServiceList?kind=2')}
        >
          {t('policies.records')}
        </button>
      }
    >
      <FeeChangeForm kind={2} />
    </Page>
  );
}
