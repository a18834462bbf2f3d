import { STORAGE_KEYS } from '@pos/core';
import { ActionSheet, Button, Dialog, List, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { currentLang, setLang, type Lang } from '@/lib/i18n';
import { getToken, storage } from '@/lib/storage';
import { logout } from '@/lib/session';
import '../i18n';
import '../settings.css';
import { currentVersion } from '@/lib/hot-update';

/** Bytes kept in this origin's local storage, shown beside "clear cache". */
function localBytes(): number {
  let n = 0;
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i) ?? '';
      n += k.length + (localStorage.getItem(k)?.length ?? 0);
    }
  } catch {
    return 0;
  }
  return n * 2;
}

const formatBytes = (b: number) => (b < 1024 ? `${b}B` : `${(b / 1024).toFixed(1)}KB`);

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
  const [size, setSize] = useState(localBytes);

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
    setSize(localBytes());
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
        <List.Item extra={`v${currentVersion()}`} data-testid="settings-version">
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
