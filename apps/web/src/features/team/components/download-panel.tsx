import { APP_VERSION } from '@pos/core';
import { Button, SpinLoading } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { runEnv } from '@/lib/env';
import { useAppConfig } from '../api/get-app-config';
import { useQrDataUrl } from '../hooks/use-qr-data-url';
import { OpenInBrowserHint } from './open-in-browser-hint';
import { safeUrl } from '@/lib/safe-url';

/**
 * What the download pages show: the app, and the package for the platform the page is opened on.
 * Android gets the package, iPhone the install guide (downIos), a computer both plus a QR code to
 * open this page on a phone; in a messaging app's browser, which blocks downloads, a hint to open
 * the page in the system browser; inside the app itself, nothing to download.
 */
export function DownloadPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const env = runEnv();
  const config = useAppConfig();
  const pageUrl = `${window.location.origin}/pages/home/invitation/down-app`;
  const qr = useQrDataUrl(env === 'other' ? pageUrl : null, 320);
  const androidUrl = safeUrl(config.data?.androidUrl) ?? '';
  const appName = config.data?.appName ?? '拓客宝';
  const version = config.data?.serverVersion ?? APP_VERSION;

  const android = (
    <Button
      block
      size="large"
      shape="rounded"
      color="primary"
      fill={env === 'ios' ? 'outline' : 'solid'}
      disabled={!androidUrl}
      data-testid="download-android"
      onClick={() => {
        if (androidUrl) window.location.href = androidUrl;
      }}
    >
      {t('team.androidDownload')}
      {env === 'android' && <span className="team-recommend">{t('team.recommended')}</span>}
    </Button>
  );
  const ios = (
    <Button
      block
      size="large"
      shape="rounded"
      color="primary"
      fill={env === 'ios' ? 'solid' : 'outline'}
      data-testid="download-ios"
      onClick={() => navigate('/pages/home/invitation/downIos')}
    >
      {t('team.iosDownload')}
      {env === 'ios' && <span className="team-recommend">{t('team.recommended')}</span>}
    </Button>
  );

  return (
    <div className="team-download" data-testid="download-panel" data-env={env}>
      <div className="team-download-hero">
        <img src="/static/icon.svg" alt="" className="team-download-icon" />
        <h1>{appName}</h1>
        <p>{t('team.downIntro')}</p>
        <span className="team-download-version">{t('team.version', { v: version })}</span>
      </div>
      <div className="team-download-actions">
        {config.isLoading ? (
          <SpinLoading color="primary" />
        ) : env === 'native' ? (
          <p className="team-muted team-center" data-testid="in-app">
            {t('team.inApp')}
          </p>
        ) : env === 'ios' ? (
          <>
            {ios}
            {android}
          </>
        ) : (
          <>
            {android}
            {ios}
          </>
        )}
        {env !== 'native' && !config.isLoading && !androidUrl && (
          <p className="team-muted team-center">{t('team.noPackage')}</p>
        )}
      </div>
      {env === 'other' && qr && (
        <div className="team-download-qr">
          <img src={qr} alt={t('team.scanToDownload')} />
          <span>{t('team.scanToDownload')}</span>
        </div>
      )}
      {env === 'messaging' && <OpenInBrowserHint />}
    </div>
  );
}
