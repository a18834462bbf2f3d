import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { LABELS_EN } from './labels';
import { MESSAGES, type MessageKey } from './messages';

export type Lang = 'zh' | 'en';
const KEY = 'console.lang';

interface I18n {
  lang: Lang;
  setLang: (lang: Lang) => void;
  t: (key: MessageKey) => string;
  /** A Chinese label in the chosen language (lib/labels.ts). */
  L: (zh: string) => string;
}
const Ctx = createContext<I18n | null>(null);

/** Chinese by default; English chosen in the header is remembered on this browser. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(() =>
    localStorage.getItem(KEY) === 'en' ? 'en' : 'zh',
  );
  const value = useMemo<I18n>(
    () => ({
      lang,
      setLang: (l) => {
        localStorage.setItem(KEY, l);
        setLangState(l);
      },
      t: (key) => MESSAGES[key][lang],
      L: (zh) => (lang === 'zh' ? zh : (LABELS_EN[zh] ?? zh)),
    }),
    [lang],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useI18n(): I18n {
  const v = useContext(Ctx);
  if (!v) throw new Error('useI18n outside I18nProvider');
  return v;
}
