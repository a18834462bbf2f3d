import { STORAGE_KEYS } from '@pos/core';
import { useSyncExternalStore } from 'react';
import { en } from './locales/en';
import { zh } from './locales/zh';

/*
 * The app's texts: two languages, dotted keys, {{name}} placeholders, Simplified Chinese as the
 * fallback. That is all the app asks of a translation library, so this small runtime stands in
 * for i18next and react-i18next, which cost the first screen about 16 KB gzipped
 * (docs/decisions/014-first-screen-budget.md).
 */

export type Lang = 'zh' | 'en';
type Texts = { [key: string]: string | readonly string[] | Texts };

export interface TOptions {
  /** Said when the key has no text in either language. */
  defaultValue?: string;
  /** Answer the node itself (a list of texts, say) rather than a string. */
  returnObjects?: boolean;
  [placeholder: string]: unknown;
}
export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

export function currentLang(): Lang {
  try {
    return localStorage.getItem(STORAGE_KEYS.lang) === '"en"' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}

const FALLBACK: Lang = 'zh';
const resources: Record<Lang, Texts> = { zh: {}, en: {} };
let language: Lang = currentLang();
const listeners = new Set<() => void>();

function isTexts(v: unknown): v is Texts {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function merge(into: Texts, from: Texts) {
  for (const [key, value] of Object.entries(from)) {
    const have = into[key];
    if (isTexts(value) && isTexts(have)) merge(have, value);
    else into[key] = isTexts(value) ? merge({}, value) : value;
  }
  return into;
}

function lookup(lang: Lang, key: string): unknown {
  let node: unknown = resources[lang];
  for (const part of key.split('.')) {
    if (!isTexts(node)) return undefined;
    node = node[part];
  }
  return node;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;
function interpolate(text: string, options: TOptions | undefined) {
  if (!options) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in options && options[name] !== undefined ? String(options[name]) : whole,
  );
}

function translate(lang: Lang, key: string, options?: TOptions): unknown {
  let node = lookup(lang, key);
  if (node === undefined && lang !== FALLBACK) node = lookup(FALLBACK, key);
  if (typeof node === 'string') return interpolate(node, options);
  if (node !== undefined && options?.returnObjects) return node;
  return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : key;
}

const boundT = new Map<Lang, TFunction>();
function tFor(lang: Lang): TFunction {
  let t = boundT.get(lang);
  if (!t) {
    t = ((key: string, options?: TOptions) => translate(lang, key, options)) as TFunction;
    boundT.set(lang, t);
  }
  return t;
}

/** The app's one translator: texts are added per feature and read in the chosen language. */
export const i18n = {
  get language(): Lang {
    return language;
  },
  t: ((key: string, options?: TOptions) => translate(language, key, options)) as TFunction,
  /** Adds (deep-merges) a feature's texts under the language. */
  addResourceBundle(lang: Lang, texts: Texts) {
    merge(resources[lang], texts);
  },
  changeLanguage(lang: Lang) {
    if (lang === language) return;
    language = lang;
    for (const listener of listeners) listener();
  },
};

i18n.addResourceBundle('zh', zh as Texts);
i18n.addResourceBundle('en', en as Texts);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
const getLanguage = () => language;

/** The translator of the chosen language; the component renders again when it changes. */
export function useTranslation() {
  const lang = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  return { t: tFor(lang), i18n };
}

/** Simplified Chinese first; English is chosen in settings and kept on the device. */
export function setLang(lang: Lang) {
  localStorage.setItem(STORAGE_KEYS.lang, JSON.stringify(lang));
  i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}
