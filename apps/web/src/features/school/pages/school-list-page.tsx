import { Button, Space } from 'antd-mobile';
import { Page } from '@/components/ui/page';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { schoolKeys, useSchoolItems } from '../api/school';
import { CategoryTabs } from '../components/category-tabs';
import { SchoolList } from '../components/school-list';
import '../i18n';
import '../school.css';

/** The business school (/pages/school/index): articles, images and videos by category. */
export default function SchoolListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('category') ?? 0);
  const categoryId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const q = useSchoolItems('school', categoryId);

  return (
    <Page
      title={t('school.title')}
      backTo="/pages/myInfo/index"
      right={
        <Space style={{ '--gap': '4px' }}>
          <Button
            size="mini"
            fill="none"
            color="primary"
            onClick={() => navigate('/pages/school/materials')}
            data-testid="school-materials-link"
          >
            {t('school.materials')}
          </Button>
          <Button
            size="mini"
            fill="none"
            color="primary"
            onClick={() => navigate('/pages/school/favorites')}
            data-testid="school-favorites-link"
          >
            {t('school.favorites')}
          </Button>
        </Space>
      }
    >
      <CategoryTabs
        section="school"
        value={categoryId}
        onChange={(id) => setParams(id ? { category: String(id) } : {}, { replace: true })}
      />
      <SchoolList query={q} refreshKey={schoolKeys.all} empty={t('school.empty')} />
    </Page>
  );
}
