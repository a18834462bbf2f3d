import { useQueryClient } from '@tanstack/react-query';
import { InfiniteList, ListSkeleton } from '@/components/ui/infinite-list';
import { Page } from '@/components/ui/page';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { schoolKeys, useSchoolFavourites } from '../api/school';
import { SchoolCard } from '../components/school-card';
import '../i18n';
import '../school.css';

/** The agent's favourites (/pages/school/favorites), most recently added first. */
export default function SchoolFavoritesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useSchoolFavourites();
  return (
    <Page title={t('school.favorites')} backTo="/pages/school/index">
      <InfiniteList
        query={q}
        onRefresh={() => qc.invalidateQueries({ queryKey: schoolKeys.favourites })}
        empty={t('school.favoritesEmpty')}
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
