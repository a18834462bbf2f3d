import { Button, Popup, SpinLoading, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { requireNativeApp } from '@/lib/env';
import { saveImageToAlbum } from '@/lib/photo-album';
import { drawPoster } from './draw-poster';

interface Props {
  visible: boolean;
  onClose: () => void;
  qrDataUrl: string | null;
  inviterName: string;
  inviteCode: string;
  appName: string;
  backgroundUrl?: string;
}

/**
 * The share poster in a sheet: drawn once it opens and shown as an image. Saving it to the photo
 * album is a native-only feature (spec section 8): outside the app it answers 请在App中使用, and the
 * sheet's hint tells a browser's user to long-press the image instead.
 */
export function SharePoster({
  visible,
  onClose,
  qrDataUrl,
  inviterName,
  inviteCode,
  appName,
  backgroundUrl,
}: Props) {
  const { t } = useTranslation();
  const [poster, setPoster] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!visible || !qrDataUrl) return;
    let live = true;
    setFailed(false);
    drawPoster({
      qrDataUrl,
      inviterName,
      inviteCode,
      appName,
      backgroundUrl,
      texts: {
        invites: t('team.posterInvites', { name: inviterName }),
        code: t('team.posterCode', { code: inviteCode }),
        scan: t('team.posterScan'),
        slogan: t('team.inviteHeadline'),
      },
    })
      .then((url) => live && setPoster(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [visible, qrDataUrl, inviterName, inviteCode, appName, backgroundUrl, t]);

  const save = async () => {
    if (!poster || !requireNativeApp()) return;
    setSaving(true);
    try {
      await saveImageToAlbum(poster, { album: appName, fileName: `invitation-${inviteCode}` });
      Toast.show({ icon: 'success', content: t('team.posterSaved') });
    } catch {
      Toast.show({ icon: 'fail', content: t('team.posterSaveFailed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="team-poster-sheet"
      destroyOnClose
    >
      <div className="team-poster-title">{t('team.posterTitle')}</div>
      <div className="team-poster-frame">
        {poster ? (
          <img
            src={poster}
            alt={t('team.posterTitle')}
            className="team-poster-img"
            data-testid="poster-image"
          />
        ) : failed ? (
          <span className="team-muted">{t('team.posterFailed')}</span>
        ) : (
          <SpinLoading color="primary" />
        )}
      </div>
      <div className="team-muted team-center">{t('team.posterHint')}</div>
      <div className="team-poster-actions">
        <Button block onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          block
          color="primary"
          disabled={!poster}
          loading={saving}
          onClick={() => void save()}
          data-testid="poster-save"
        >
          {t('team.posterSave')}
        </Button>
      </div>
    </Popup>
  );
}
