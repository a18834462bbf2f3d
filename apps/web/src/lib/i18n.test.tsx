import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLang, useTranslation } from './i18n';

i18n.addResourceBundle('zh', {
  probe: { hello: '你好，{{name}}', only: '只有中文', days: ['一', '二'], nested: { a: '甲' } },
});
i18n.addResourceBundle('en', {
  probe: { hello: 'Hello, {{name}}', days: ['Mon', 'Tue'] },
});
// A later bundle merges into what is there instead of replacing the branch.
i18n.addResourceBundle('zh', { probe: { nested: { b: '乙' } } });

function Greeting() {
  const { t } = useTranslation();
  return <p>{t('probe.hello', { name: '王' })}</p>;
}

describe('the app translator', () => {
  afterEach(() => setLang('zh'));

  it('fills placeholders and keeps an unknown placeholder as written', () => {
    expect(i18n.t('probe.hello', { name: '李' })).toBe('你好，李');
    expect(i18n.t('probe.hello')).toBe('你好，{{name}}');
  });

  it('falls back to Chinese, then to the default value, then to the key', () => {
    setLang('en');
    expect(i18n.t('probe.only')).toBe('只有中文');
    expect(i18n.t('probe.missing', { defaultValue: 'raw' })).toBe('raw');
    expect(i18n.t('probe.missing')).toBe('probe.missing');
  });

  it('answers a list only when asked for objects, and merges later bundles', () => {
    expect(i18n.t('probe.days', { returnObjects: true })).toEqual(['一', '二']);
    expect(i18n.t('probe.nested.a')).toBe('甲');
    expect(i18n.t('probe.nested.b')).toBe('乙');
  });

  it('renders components again in the language chosen', () => {
    render(<Greeting />);
    expect(screen.getByText('你好，王')).toBeTruthy();
    act(() => setLang('en'));
    expect(screen.getByText('Hello, 王')).toBeTruthy();
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
