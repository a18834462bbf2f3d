import { MESSAGES, type AppPlatform, type AppUpdate } from '@pos/core';
import Button from 'antd-mobile/es/components/button';
import CenterPopup from 'antd-mobile/es/components/center-popup';
import ProgressBar from 'antd-mobile/es/components/progress-bar';
import { UpCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { absoluteUrl } from '@/lib/api-client';
import { isNativeApp } from '@/lib/env';
import { installHotUpdate } from '@/lib/hot-update';
import { safeUrl } from '@/lib/safe-url';
import { capacitorPackage, type NativePackage } from '@/lib/native-package';

export interface AppUpdatePopupProps {
  update: AppUpdate;
  platform: AppPlatform;
  onClose: () => void;
  /** How a full package is downloaded and installed and the app restarted (tests inject one). */
  nativePackage?: NativePackage;
}

/** Where the popup is: offering the update, downloading it, asking to restart, or failed. */
type Phase =
  | { step: 'offer' }
  | { step: 'downloading'; progress: number | null }
  | { step: 'installed' }
  | { step: 'failed'; message: string };

const reasonOf = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';

/**
 * The app-update popup (spec sections 4 and 8): title, version and what is new. A hot update
 * (wgt), or a full package in the Android shell, is downloaded in place (后台下载中…… with the
 * progress when the size is known), installed, and followed by 安装成功是否重启？; a failure shows
 * 更新失败 and the reason, with a retry. A browser reloads for a new full build; iOS and any other
 * full package open the package's address (App Store or enterprise manifest). A mandatory update
 * has no "later" or cancel button and ignores taps on the mask.
 */
export function AppUpdatePopup({
  update,
  platform,
  onClose,
  nativePackage = capacitorPackage,
}: AppUpdatePopupProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ step: 'offer' });
  const mandatory = Boolean(update.is_mandatory);
  const closable = !mandatory && phase.step !== 'downloading';

  const download = async (steps: () => Promise<void>) => {
    setPhase({ step: 'downloading', progress: null });
    try {
      await steps();
    } catch (error) {
      setPhase({ step: 'failed', message: reasonOf(error) });
      return;
    }
    setPhase({ step: 'installed' });
  };

  const start = async () => {
    if (update.type === 'wgt') {
      await download(() => installHotUpdate(update));
      return;
    }
    if (platform === 'h5') {
      // A browser gets a new full build by loading it again.
      window.location.reload();
      return;
    }
    // A package link the app will not open (javascript:, data: ...) leaves the popup as it is.
    const link = safeUrl(update.url, { iosManifest: true });
    if (!link) return;
    const url = absoluteUrl(link);
    if (platform === 'android' && isNativeApp()) {
      await download(async () => {
        const file = await nativePackage.download(url, (progress) =>
          setPhase((p) => (p.step === 'downloading' ? { step: 'downloading', progress } : p)),
        );
        await nativePackage.install(file);
      });
      return;
    }
    // iOS installs only through the App Store or an enterprise manifest; a mandatory popup stays.
    if (!window.open(url, '_system')) window.location.assign(url);
    if (!mandatory) onClose();
  };

  const restart = () => {
    nativePackage.restart().catch(() => window.location.reload());
  };

  const percent = phase.step === 'downloading' && phase.progress !== null ? phase.progress : null;

  return (
    <CenterPopup
      visible
      closeOnMaskClick={closable}
      onMaskClick={closable ? onClose : undefined}
      className="app-update"
      data-testid="app-update-popup"
    >
      <div className="app-update-head">
        <UpCircleOutline className="app-update-icon" />
        <div className="app-update-title">{update.title || t('shell.updateTitle')}</div>
        <div className="app-update-version">
          {t('shell.updateVersion', { version: update.version })}
        </div>
      </div>
      <div className="app-update-body">
        {update.contents
          .split(/\r?\n/)
          .filter(Boolean)
          .map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        {mandatory && <p className="app-update-mandatory">{t('shell.updateMandatory')}</p>}
      </div>
      {phase.step === 'downloading' && (
        <div className="app-update-status" data-testid="app-update-downloading">
          <div>{MESSAGES.downloading}</div>
          {percent !== null && (
            <div className="app-update-progress">
              <ProgressBar percent={Math.round(percent * 100)} style={{ flex: 1 }} />
              <span data-testid="app-update-percent">{Math.round(percent * 100)}%</span>
            </div>
          )}
        </div>
      )}
      {phase.step === 'installed' && (
        <div className="app-update-status">{MESSAGES.restartAfterInstall}</div>
      )}
      {phase.step === 'failed' && (
        <div className="app-update-status app-update-error" data-testid="app-update-error">
          {`${MESSAGES.updateFailed} ${phase.message}`.trim()}
        </div>
      )}
      <div className="app-update-actions">
        {phase.step === 'installed' ? (
          <Button block color="primary" onClick={restart} data-testid="app-update-restart">
            {t('shell.restart')}
          </Button>
        ) : (
          <Button
            block
            color="primary"
            loading={phase.step === 'downloading'}
            onClick={() => void start()}
            data-testid={phase.step === 'failed' ? 'app-update-retry' : 'app-update-now'}
          >
            {phase.step === 'failed' ? t('common.retry') : t('shell.updateNow')}
          </Button>
        )}
        {closable && (
          <Button block fill="none" onClick={onClose} data-testid="app-update-later">
            {phase.step === 'installed' ? t('common.cancel') : t('shell.updateLater')}
          </Button>
        )}
      </div>
    </CenterPopup>
  );
}
