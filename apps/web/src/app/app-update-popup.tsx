import { MESSAGES, type AppPlatform, type AppUpdate } from '@pos/core';
import { Button, CenterPopup, Dialog, Toast } from 'antd-mobile';
import { UpCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { installHotUpdate } from '@/lib/hot-update';

interface Props {
  update: AppUpdate;
  platform: AppPlatform;
  onClose: () => void;
}

/**
 * The app-update popup (spec sections 4 and 8): title, version and what is new. A mandatory
 * update has no "later" button and ignores taps on the mask.
 */
export function AppUpdatePopup({ update, platform, onClose }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const mandatory = Boolean(update.is_mandatory);

  const start = async () => {
    if (update.type === 'wgt') {
      setBusy(true);
      Toast.show({ content: MESSAGES.downloading, duration: 2000 });
      try {
        await installHotUpdate(update);
      } catch (error) {
        setBusy(false);
        Toast.show({
          content: `${MESSAGES.updateFailed} ${error instanceof Error ? error.message : ''}`.trim(),
        });
        return;
      }
      setBusy(false);
      const restart = await Dialog.confirm({
        content: MESSAGES.restartAfterInstall,
        confirmText: t('shell.restart'),
        cancelText: t('common.cancel'),
      });
      if (restart) window.location.reload();
      else if (!mandatory) onClose();
      return;
    }
    if (platform === 'h5') {
      // A browser gets a new full build by loading it again.
      window.location.reload();
      return;
    }
    // A full package: the store or the download page takes over; a mandatory popup stays.
    if (!window.open(update.url, '_system')) window.location.assign(update.url);
    if (!mandatory) onClose();
  };

  return (
    <CenterPopup
      visible
      closeOnMaskClick={!mandatory}
      onMaskClick={mandatory ? undefined : onClose}
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
      <div className="app-update-actions">
        <Button
          block
          color="primary"
          loading={busy}
          onClick={() => void start()}
          data-testid="app-update-now"
        >
          {t('shell.updateNow')}
        </Button>
        {!mandatory && (
          <Button block fill="none" onClick={onClose} data-testid="app-update-later">
            {t('shell.updateLater')}
          </Button>
        )}
      </div>
    </CenterPopup>
  );
}
