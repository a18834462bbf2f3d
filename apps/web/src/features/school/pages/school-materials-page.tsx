import { Image } from 'antd-mobile';
import { Page } from '@/components/ui/page';
import { absoluteUrl } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { schoolKeys, useSchoolItems } from '../api/school';
import { CategoryTabs } from '../components/category-tabs';
import { MaterialActions } from '../components/material-actions';
import { SchoolList } from '../components/school-list';
import '../i18n';
import '../school.css';

/** The material library (/pages/school/materials): posters and copy to download and share. */
export default function SchoolMaterialsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('category') ?? 0);
  const categoryId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const q = useSchoolItems('material', categoryId);

  return (
    <Page title={t('school.materials')} backTo="/pages/school/index">
      <CategoryTabs
        section="material"
        value={categoryId}
        onChange={(id) => setParams(id ? { category: String(id) } : {}, { replace: true })}
      />
      <SchoolList
        query={q}
        refreshKey={schoolKeys.all}
        empty={t('school.materialsEmpty')}
        renderItem={(item, open) => (
          <div key={item.id} className="material-card" data-testid="material-card">
            <button type="button" className="material-open" onClick={open}>
              {item.images[0] && (
                <Image src={absoluteUrl(item.images[0])} width="100%" height={180} fit="cover" />
              )}
              <div className="material-title">{item.title}</div>
              {item.summary && <div className="school-card-summary">{item.summary}</div>}
            </button>
            <MaterialActions item={item} />
          </div>
        )}
      />
    </Page>
  );
}
