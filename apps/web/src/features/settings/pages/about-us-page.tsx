import { List, Skeleton } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { currentVersion } from '@/lib/hot-update';
import { useAppConfig } from '../api/get-app-config';
import { useUpdateCheck } from '../components/use-update-check';
import '../i18n';
import '../settings.css';

/** The app's name, version and the customer-service number, from the domain's app config. */
export default function AboutUsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: config, isLoading } = useAppConfig();
  const updateCheck = useUpdateCheck();
  const appName = config?.appName || t('settings.appName');
  const phone = config?.servicePhone;
  return (
    <Page title={t('settings.aboutUs')} backTo="/page-subpage/setting/index" className="about-page">
      <div className="about-hero">
        <img src="/static/icon.svg" alt="" width={72} height={72} className="about-logo" />
        {isLoading ? (
          <Skeleton.Title animated className="about-skeleton" />
        ) : (
          <div className="about-name" data-testid="about-app-name">
            {appName}
          </div>
        )}
        <div className="about-version" data-testid="about-version">
          v{currentVersion()}
        </div>
      </div>
      <p className="about-intro">{t('settings.aboutIntro')}</p>
      <List className="settings-list">
        <List.Item
          extra={
            phone ? (
              <a
                href={`tel:${phone.replace(/[^\d+]/g, '')}`}
                className="about-phone"
                data-testid="about-phone"
              >
                {phone}
              </a>
            ) : isLoading ? (
              '…'
            ) : (
              '-'
            )
          }
        >
          {t('settings.servicePhone')}
        </List.Item>
        <List.Item extra={t('settings.workTimeValue')}>{t('settings.workTime')}</List.Item>
        <List.Item extra={window.location.host}>{t('settings.website')}</List.Item>
      </List>
      <List className="settings-list">
        <List.Item
          onClick={() => void updateCheck.check()}
          extra={
            <span data-testid="about-update-result">
              {updateCheck.text ?? `v${currentVersion()}`}
            </span>
          }
          data-testid="about-check-update"
        >
          {t('settings.checkUpdate')}
        </List.Item>
      </List>
      <List className="settings-list">
        <List.Item onClick={() => navigate('/pages/login/agreement/index?type=agreement')}>
          {t('settings.agreement')}
        </List.Item>
        <List.Item onClick={() => navigate('/pages/login/agreement/index?type=privacy')}>
          {t('settings.privacy')}
        </List.Item>
      </List>
      <p className="about-copyright">{t('settings.copyright')}</p>
    </Page>
  );
}
