import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Outlet } from '@/lib/router';
import { AppStart } from './app-start';

/** The parent of every route: the page, plus what runs once per launch. */
export function RootLayout() {
  const { i18n } = useTranslation();
  // Screen readers and the browser's own texts follow the language chosen in settings.
  useEffect(() => {
    document.documentElement.lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  }, [i18n.language]);
  return (
    <>
      <Outlet />
      <AppStart />
    </>
  );
}
