import type { TeamSort } from '@pos/core';
import { Button, ErrorBlock, SearchBar } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { InfiniteStates, ListSkeleton } from '@/components/ui/infinite-list';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useTeamList } from '../api/get-team-list';
import { teamKeys } from '../api/team-keys';
import { AgentCard } from '../components/agent-card';
import { SortBar } from '../components/sort-bar';
import { TeamCrumbs } from '../components/team-crumbs';
import { TeamSummary } from '../components/team-summary';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import '../i18n';
import '../team.css';

const positiveId = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * My agents: the direct sub-agents of me, or of an agent below me (?parentId=), with their teams'
 * figures; search, sort, and a way down into any sub-agent's own team and back up to mine.
 */
export default function MyAgentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const parentId = positiveId(params.get('parentId'));
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<TeamSort>('volume');
  const [order, setOrder] = useState<'desc' | 'asc'>('desc');
  const search = useDebouncedValue(keyword.trim());
  const q = useTeamList({ parentId, keyword: search, sort, order });
  const first = q.data?.pages[0];
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  const atOwnTeam = !first || first.crumbs.length <= 1;

  const openTeam = (id: number | undefined) => {
    setKeyword('');
    navigate(
      id === undefined ? '/pages/home/myAgent/index' : `/pages/home/myAgent/index?parentId=${id}`,
    );
  };

  const empty = search ? (
    <ErrorBlock status="empty" title={t('team.noMatch')} description="" />
  ) : (
    <ErrorBlock
      status="empty"
      title={t('team.noAgents')}
      description={atOwnTeam ? t('team.noAgentsDesc') : ''}
      data-testid="team-empty"
    >
      {atOwnTeam && (
        <div className="team-empty-actions">
          <Button
            color="primary"
            size="small"
            onClick={() => navigate('/pages/home/myAgent/addAgent')}
          >
            {t('team.addAgent')}
          </Button>
          <Button
            color="primary"
            fill="outline"
            size="small"
            onClick={() => navigate('/pages/home/invitation/index')}
          >
            {t('team.invite')}
          </Button>
        </div>
      )}
    </ErrorBlock>
  );
  const list = (
    <div className="team-list" data-testid="team-list">
      {rows.map((a) => (
        <AgentCard
          key={a.id}
          agent={a}
          onOpen={() => navigate(`/pages/home/myAgent/agentDetail?id=${a.id}`)}
          onDrill={() => openTeam(a.id)}
        />
      ))}
    </div>
  );

  return (
    <Page
      title={t('team.myAgents')}
      className="team-page"
      right={
        <button
          type="button"
          className="team-nav-button"
          aria-label={t('team.addAgent')}
          data-testid="add-agent-button"
          onClick={() => navigate('/pages/home/myAgent/addAgent')}
        >
          <AddOutline />
        </button>
      }
    >
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: teamKeys.all })}>
        <TeamSummary agentId={parentId} />
        {first && (
          <TeamCrumbs
            crumbs={first.crumbs}
            onPick={(c, i) => openTeam(i === 0 ? undefined : c.id)}
          />
        )}
        <div className="team-toolbar">
          <SearchBar
            placeholder={t('team.searchPh')}
            value={keyword}
            onChange={setKeyword}
            maxLength={32}
            data-testid="team-search"
          />
          <SortBar
            sort={sort}
            order={order}
            onChange={(s, o) => {
              setSort(s);
              setOrder(o);
            }}
          />
        </div>
        <InfiniteStates
          query={q}
          empty={empty}
          skeleton={<ListSkeleton className="team-block" lines={8} />}
        >
          {list}
        </InfiniteStates>
      </PullRefresh>
    </Page>
  );
}
