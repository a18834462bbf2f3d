import { Button, Space } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { InfiniteList, ListSkeleton } from '@/components/ui/infinite-list';
import { Page } from '@/components/ui/page';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { schoolKeys, useSchoolItems } from '../api/school';
import { CategoryTabs } from '../components/category-tabs';
import { SchoolCard } from '../components/school-card';
import '../i18n';
import '../school.css';

/** The business school (/pages/school/index): articles, images and videos by category. */
export default function SchoolListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
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
      <InfiniteList
        query={q}
        onRefresh={() => qc.invalidateQueries({ queryKey: schoolKeys.all })}
        empty={t('school.empty')}
        emptyTestId="school-empty"
        skeleton={<ListSkeleton className="school-list" />}
      >
        {(rows) => (
          <div className="school-list" data-testid="school-list">
            {rows.map((item) => (
              <SchoolCard
                key={item.id}
                item={item}
                onOpen={() => navigate(`/pages/school/detail?id=${item.id}`)}
              />
            ))}
          </div>
        )}
      </InfiniteList>
    </Page>
  );
}
