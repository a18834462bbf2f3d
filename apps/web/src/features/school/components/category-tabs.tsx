import type { SchoolSection } from '@pos/core';
import { Tabs } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useLang } from '@/lib/use-lang';
import { useSchoolCategories } from '../api/school';

/** "All" and a section's categories, in the language of the app (the Chinese name without one). */
export function CategoryTabs({
  section,
  value,
  onChange,
}: {
  section: SchoolSection;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const cats = useSchoolCategories(section).data ?? [];
  return (
    <Tabs
      activeKey={String(value ?? 0)}
      onChange={(key) => onChange(key === '0' ? null : Number(key))}
    >
      <Tabs.Tab key="0" title={t('school.all')} />
      {cats.map((c) => (
        <Tabs.Tab key={String(c.id)} title={lang === 'en' && c.nameEn ? c.nameEn : c.name} />
      ))}
    </Tabs>
  );
}
