import { STORAGE_KEYS } from '@pos/core';
import { ActionSheet, Button, Dialog, List, Toast } from 'antd-mobile';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { currentLang, setLang, type Lang } from '@/lib/i18n';
import { getToken, storage } from '@/lib/storage';
import { logout } from '@/lib/session';
import '../i18n';
import '../settings.css';
import { currentVersion } from '@/lib/hot-update';
import { useUpdateCheck } from '../components/use-update-check';

/**
 * Bytes of what "clear cache" drops, shown beside it: the server data kept in memory, the stored
 * system config and the service worker's caches. The session, the remembered login, the language,
 * the cart and the known app version are not cache and are not counted.
 */
function memoryBytes(qc: QueryClient): number {
  let n = 0;
  for (const q of qc.getQueryCache().getAll()) {
    if (q.state.data === undefined) continue;
    try {
      n += JSON.stringify(q.state.data)?.length ?? 0;
    } catch {
      // Not serialisable: not counted.
    }
  }
  try {
    const config = localStorage.getItem(STORAGE_KEYS.systemConfig);
    if (config !== null) n += STORAGE_KEYS.systemConfig.length + config.length;
  } catch {
    // No storage: nothing there.
  }
  return n * 2;
}

/** Bytes in the service worker's caches, where the browser says. */
async function cacheStorageBytes(): Promise<number> {
  try {
    if (!('caches' in window) || (await caches.keys()).length === 0) return 0;
    const estimate = (await navigator.storage?.estimate?.()) as
      (StorageEstimate & { usageDetails?: { caches?: number } }) | undefined;
    return estimate?.usageDetails?.caches ?? 0;
  } catch {
    return 0;
  }
}

const formatBytes = (b: number) =>
  b < 1024
    ? `${b}B`
    : b < 1024 * 1024
      ? `${(b / 1024).toFixed(1)}KB`
      : `${(b / 1024 / 1024).toFixed(1)}MB`;

/**
 * What "clear cache" drops: cached server data (queries, the service worker's caches, the system
 * config). The session, the remembered login, the language and the known app version stay.
 */
async function clearCache(clearQueries: () => void) {
  clearQueries();
  storage.remove(STORAGE_KEYS.systemConfig);
  try {
    if ('caches' in window) {
      const names = await caches.keys();
      await Promise.all(names.map((name) => caches.delete(name)));
    }
  } catch {
    // Nothing else to drop.
  }
}

export default function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [langSheet, setLangSheet] = useState(false);
  const [lang, setLangState] = useState<Lang>(currentLang());
  const [size, setSize] = useState(() => memoryBytes(qc));
  const measure = async () => {
    const stored = await cacheStorageBytes();
    setSize(memoryBytes(qc) + stored);
  };
  useEffect(() => {
    void measure();
    // Measured once on opening; again after clearing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const updateCheck = useUpdateCheck();

  const chooseLang = (next: Lang) => {
    setLang(next);
    setLangState(next);
    setLangSheet(false);
  };

  const onClear = async () => {
    const ok = await Dialog.confirm({
      content: t('settings.clearConfirm'),
      cancelText: t('common.cancel'),
      confirmText: t('common.confirm'),
    });
    if (!ok) return;
    await clearCache(() => qc.clear());
    await measure();
    Toast.show({ icon: 'success', content: t('settings.cleared') });
  };

  const onLogout = async () => {
    const ok = await Dialog.confirm({
      content: t('settings.logoutConfirm'),
      confirmText: t('settings.logout'),
      cancelText: t('common.cancel'),
    });
    if (ok) await logout();
  };

  return (
    <Page title={t('settings.title')} backTo="/pages/myInfo/index" className="settings-page">
      <List className="settings-list">
        <List.Item
          onClick={() => setLangSheet(true)}
          extra={lang === 'en' ? t('settings.en') : t('settings.zh')}
          data-testid="settings-language"
        >
          {t('settings.language')}
        </List.Item>
        <List.Item
          onClick={() => void onClear()}
          extra={formatBytes(size)}
          data-testid="settings-clear-cache"
        >
          {t('settings.clearCache')}
        </List.Item>
      </List>
      <List className="settings-list">
        <List.Item
          onClick={() => navigate('/page-subpage/setting/aboutUs')}
          data-testid="settings-about"
        >
          {t('settings.aboutUs')}
        </List.Item>
        <List.Item
          onClick={() => navigate('/page-subpage/setting/question')}
          data-testid="settings-faq"
        >
          {t('settings.question')}
        </List.Item>
        <List.Item
          onClick={() => void updateCheck.check()}
          extra={
            <span data-testid="settings-version-result">
              v{currentVersion()}
              {updateCheck.text ? ` · ${updateCheck.text}` : ` · ${t('settings.checkUpdate')}`}
            </span>
          }
          data-testid="settings-version"
        >
          {t('settings.version')}
        </List.Item>
      </List>
      {getToken() && (
        <div className="settings-logout">
          <Button block size="large" onClick={() => void onLogout()} data-testid="settings-logout">
            {t('settings.logout')}
          </Button>
        </div>
      )}
      <ActionSheet
        visible={langSheet}
        onClose={() => setLangSheet(false)}
        extra={t('settings.languageTitle')}
        cancelText={t('common.cancel')}
        actions={[
          {
            key: 'zh',
            text: t('settings.zh'),
            bold: lang === 'zh',
            onClick: () => chooseLang('zh'),
          },
          {
            key: 'en',
            text: t('settings.en'),
            bold: lang === 'en',
            onClick: () => chooseLang('en'),
          },
        ]}
      />
    </Page>
  );
}
