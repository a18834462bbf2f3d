import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '@pos/core';
import { en } from './locales/en';
import { zh } from './locales/zh';

export type Lang = 'zh' | 'en';

export function currentLang(): Lang {
  try {
    return localStorage.getItem(STORAGE_KEYS.lang) === '"en"' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}

/** Simplified Chinese first; English is chosen in settings and kept on the device. */
void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: currentLang(),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
});

export function setLang(lang: Lang) {
  localStorage.setItem(STORAGE_KEYS.lang, JSON.stringify(lang));
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

export { i18n };
