import { Button, Steps } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { Page } from '@/components/ui/page';
import { isMessagingApp } from '@/lib/env';
import { useAppConfig } from '../api/get-app-config';
import { OpenInBrowserHint } from '../components/open-in-browser-hint';
import '../i18n';
import '../team.css';
import { safeUrl } from '@/lib/safe-url';

/** Installing on an iPhone: the install button and how to trust the enterprise certificate. */
export default function DownIosPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const iosUrl = safeUrl(config.data?.iosUrl, { iosManifest: true }) ?? '';
  return (
    <Page
      title={t('team.iosTitle')}
      className="team-page team-down-page"
      backTo="/pages/home/invitation/down-app"
    >
      <div className="team-download">
        <div className="team-download-hero">
          <img src="/static/icon.svg" alt="" className="team-download-icon" />
          <h1>{config.data?.appName ?? '拓客宝'}</h1>
          <p>{t('team.iosIntro')}</p>
        </div>
        <div className="team-block">
          <Steps direction="vertical" current={0}>
            <Steps.Step title={t('team.iosStep1')} />
            <Steps.Step title={t('team.iosStep2')} />
            <Steps.Step title={t('team.iosStep3')} />
            <Steps.Step title={t('team.iosStep4')} />
          </Steps>
        </div>
        <div className="team-download-actions">
          <Button
            block
            size="large"
            shape="rounded"
            color="primary"
            disabled={!iosUrl}
            loading={config.isLoading}
            data-testid="install-ios"
            onClick={() => {
              if (iosUrl) window.location.href = iosUrl;
            }}
          >
            {t('team.iosInstall')}
          </Button>
          {!config.isLoading && !iosUrl && (
            <p className="team-muted team-center">{t('team.noPackage')}</p>
          )}
        </div>
      </div>
      {isMessagingApp() && <OpenInBrowserHint />}
    </Page>
  );
}
