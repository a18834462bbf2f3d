import { Skeleton } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useDept } from '../api/get-dept';
import { teamKeys } from '../api/team-keys';
import { FigureGrid } from '../components/figure-grid';
import { MonthReport } from '../components/month-report';
import { RankingList } from '../components/ranking-list';
import { useMonthParam } from '../hooks/use-month-param';
import '../i18n';
import '../team.css';

/**
 * Team data: a month of my team (headline figures, own against team, six-month trend), the team's
 * structure (/api/ag/my/center/dept: size, direct agents, levels) and my direct agents ranked.
 */
export default function TeamInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [month, setMonth] = useMonthParam();
  const dept = useDept();
  const d = dept.data;
  const maxLevelCount = Math.max(1, ...(d?.levelCounts.map((l) => l.count) ?? []));

  return (
    <Page title={t('team.teamInfoTitle')} className="team-page" backTo="/pages/data/index">
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: teamKeys.all })}>
        <MonthReport month={month} onMonth={setMonth} />

        <div className="team-section-title">{t('team.structure')}</div>
        {dept.isError ? (
          <LoadError error={dept.error} onRetry={() => void dept.refetch()} />
        ) : !d ? (
          <Skeleton.Paragraph lineCount={4} animated className="team-block" />
        ) : (
          <div className="team-block" data-testid="team-structure">
            <FigureGrid
              columns={2}
              items={[
                { label: t('team.teamSize'), value: d.totals.teamSize, testId: 'structure-size' },
                { label: t('team.directCount'), value: d.totals.directCount },
              ]}
            />
            {/* Three figures of their own: joined with slashes they did not fit a phone's column. */}
            <FigureGrid
              items={[
                {
                  label: t('team.teamStock'),
                  value: d.totals.terminals.stock,
                  testId: 'structure-stock',
                },
                { label: t('team.bound'), value: d.totals.terminals.bound },
                { label: t('team.activatedTerminals'), value: d.totals.terminals.activated },
              ]}
            />
            {d.levelCounts.length > 0 && (
              <>
                <div className="team-block-caption">{t('team.levelDistribution')}</div>
                {d.levelCounts.map((l) => (
                  <div className="team-versus-row" key={l.level}>
                    <div className="team-versus-label">{l.levelName}</div>
                    <div className="team-versus-track">
                      <div
                        className="team-versus-own"
                        style={{ width: `${Math.round((l.count / maxLevelCount) * 100)}%` }}
                      />
                    </div>
                    <div className="team-versus-values">{t('team.people', { n: l.count })}</div>
                  </div>
                ))}
              </>
            )}
          </div>
        )}

        <div className="team-section-title">
          {t('team.ranking')}
          {d && d.totals.directCount > 0 && (
            <span className="team-muted">
              {' '}
              · {t('team.rankingMore', { n: d.totals.directCount })}
            </span>
          )}
        </div>
        <RankingList
          month={month}
          onPick={(id) =>
            navigate(`/pages/data/team-detail?id=${id}${month ? `&month=${month}` : ''}`)
          }
          onAll={() => navigate('/pages/home/myAgent/index')}
        />
      </PullRefresh>
    </Page>
  );
}
