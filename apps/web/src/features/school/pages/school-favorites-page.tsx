import { Page } from '@/components/ui/page';
import { useTranslation } from '@/lib/i18n';
import { schoolKeys, useSchoolFavourites } from '../api/school';
import { SchoolList } from '../components/school-list';
import '../i18n';
import '../school.css';

/** The agent's favourites (/pages/school/favorites), most recently added first. */
export default function SchoolFavoritesPage() {
  const { t } = useTranslation();
  const q = useSchoolFavourites();
  return (
    <Page title={t('school.favorites')} backTo="/pages/school/index">
      <SchoolList query={q} refreshKey={schoolKeys.favourites} empty={t('school.favoritesEmpty')} />
    </Page>
  );
}
