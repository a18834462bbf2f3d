import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { MissingRecord, isMissingRecord } from '@/components/ui/record-state';
import { useTeamStats } from '../api/get-team-stats';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { teamKeys } from '../api/team-keys';
import { MonthReport } from '../components/month-report';
import { RankingList } from '../components/ranking-list';
import { useMonthParam } from '../hooks/use-month-param';
import '../i18n';
import '../team.css';

/**
 * The team of one agent of my subtree (?id=, me when absent) for a month, and its direct agents
 * ranked; picking one goes a level further down.
 */
export default function TeamDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const [month, setMonth] = useMonthParam();
  const raw = params.get('id');
  const id = raw === null ? undefined : Number(raw);
  const valid = id === undefined || (Number.isInteger(id) && id > 0);
  // The same query the month report reads: an agent outside my subtree is one missing state.
  const stats = useTeamStats(valid ? id : undefined, month);

  return (
    <Page title={t('team.teamDetailTitle')} className="team-page" backTo="/pages/data/team-info">
      {!valid || (stats.isError && isMissingRecord(stats.error)) ? (
        <MissingRecord backTo="/pages/data/team-info" />
      ) : (
        <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: teamKeys.all })}>
          <MonthReport agentId={id} month={month} onMonth={setMonth} />
          <div className="team-section-title">{t('team.ranking')}</div>
          <RankingList
            parentId={id}
            month={month}
            onPick={(child) =>
              navigate(`/pages/data/team-detail?id=${child}${month ? `&month=${month}` : ''}`)
            }
            onAll={() =>
              navigate(
                id ? `/pages/home/myAgent/index?parentId=${id}` : '/pages/home/myAgent/index',
              )
            }
          />
        </PullRefresh>
      )}
    </Page>
  );
}
