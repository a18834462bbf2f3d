import { Checkbox } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/router';

const AGREEMENT_PATH = '/pages/login/agreement/index';

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** "I have read and agree to the user agreement and the privacy policy", each a link. */
export function AgreementCheck({ checked, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className="agreement-check">
      <Checkbox
        checked={checked}
        onChange={onChange}
        data-testid="agreement-checkbox"
        aria-label={t('auth.mustAgree')}
        style={{ '--icon-size': '16px', '--font-size': '12px', '--gap': '6px' }}
      >
        {t('auth.agreePrefix')}
      </Checkbox>
      <Link to={`${AGREEMENT_PATH}?type=agreement`} data-testid="agreement-link">
        {t('auth.userAgreement')}
      </Link>
      <span className="agreement-and">{t('auth.and')}</span>
      <Link to={`${AGREEMENT_PATH}?type=privacy`} data-testid="privacy-link">
        {t('auth.privacyPolicy')}
      </Link>
    </div>
  );
}
