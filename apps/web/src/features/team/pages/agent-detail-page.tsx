import { formatDate, formatMoney, type TeamFigures, type TeamTerminalCounts } from '@pos/core';
import { List, Skeleton, Tag } from 'antd-mobile';
import { AddCircleOutline, HistogramOutline, SendOutline, TeamOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useAgentDetail } from '../api/get-agent-detail';
import { FigureGrid } from '../components/figure-grid';
import { LevelTag } from '../components/level-tag';
import '../i18n';
import '../team.css';

interface Shortcut {
  key: string;
  label: string;
  icon: ReactNode;
  path: string;
  color: string;
}

/**
 * A sub-agent (any agent of my subtree): masked profile, level, opened policies, this month's own
 * and team figures and terminals, and shortcuts to allocate terminals to it and open a policy for
 * it (direct sub-agents only), or to look at its team.
 */
export default function AgentDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const q = useAgentDetail(id, valid);
  const d = q.data;

  const figures = (f: TeamFigures) => [
    { label: t('team.volume'), value: `¥${formatMoney(f.tradeAmountFen)}`, span: 3 },
    { label: t('team.tradeCount'), value: f.tradeCount },
    { label: t('team.newMerchants'), value: f.newMerchants },
    { label: t('team.activated'), value: f.activatedTerminals },
  ];
  // Two scopes side by side: the stock is named by whose it is (core's FIGURES).
  const terminals = (c: TeamTerminalCounts, scope: 'own' | 'team') => [
    { label: t(scope === 'own' ? 'team.ownStock' : 'team.teamStock'), value: c.stock },
    { label: t('team.bound'), value: c.bound },
    { label: t('team.activatedShort'), value: c.activated },
  ];

  let body: ReactNode = recordGate(
    valid,
    q,
    '/pages/home/myAgent/index',
    <div className="team-block">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={10} animated />
    </div>,
  );
  if (!body && d) {
    const shortcuts: Shortcut[] = [
      ...(d.isDirect
        ? [
            {
              key: 'allocate',
              label: t('team.allocate'),
              icon: <SendOutline />,
              path: `/pages/home/terminal/operation?type=0&agentId=${d.id}`,
              color: '#1677ff',
            },
            {
              key: 'open-policy',
              label: t('team.openPolicy'),
              icon: <AddCircleOutline />,
              path: `/pages/home/policy/open?agentId=${d.id}`,
              color: '#00b578',
            },
          ]
        : []),
      {
        key: 'view-team',
        label: t('team.viewTeam'),
        icon: <TeamOutline />,
        path: `/pages/home/myAgent/index?parentId=${d.id}`,
        color: '#7c5cfc',
      },
      {
        key: 'team-data',
        label: t('team.teamData'),
        icon: <HistogramOutline />,
        path: `/pages/data/team-detail?id=${d.id}`,
        color: '#ff8f1f',
      },
    ];
    body = (
      <div data-testid="agent-detail">
        <section className="team-profile">
          <span className="team-avatar large" aria-hidden>
            {d.name.charAt(0)}
          </span>
          <div className="team-profile-who">
            <div className="team-card-name">
              <span data-testid="detail-name">{d.name}</span>
              <LevelTag name={d.levelName} />
            </div>
            <div className="team-card-mobile" data-testid="detail-mobile">
              {d.mobile}
            </div>
          </div>
          <Tag color={d.realNameVerified ? 'success' : 'default'} fill="outline">
            {d.realNameVerified ? t('team.verified') : t('team.unverified')}
          </Tag>
        </section>

        <div className="team-shortcuts">
          {shortcuts.map((s) => (
            <button
              key={s.key}
              type="button"
              onClick={() => navigate(s.path)}
              data-testid={`shortcut-${s.key}`}
            >
              <span className="team-shortcut-icon" style={{ background: s.color }}>
                {s.icon}
              </span>
              {s.label}
            </button>
          ))}
        </div>

        <div className="team-section-title">
          {t('team.thisMonth')} · {t('team.teamFigures')}
        </div>
        <div className="team-block">
          <FigureGrid items={figures(d.team)} />
        </div>
        <div className="team-section-title">
          {t('team.thisMonth')} · {t('team.own')}
        </div>
        <div className="team-block">
          <FigureGrid items={figures(d.own)} />
        </div>

        <div className="team-section-title">{t('team.terminals')}</div>
        <div className="team-block team-terminals">
          <div>
            <div className="team-block-caption">{t('team.ownTerminals')}</div>
            <FigureGrid items={terminals(d.ownTerminals, 'own')} />
          </div>
          <div>
            <div className="team-block-caption">{t('team.teamTerminals')}</div>
            <FigureGrid items={terminals(d.teamTerminals, 'team')} />
          </div>
        </div>

        <List header={t('team.policies')} className="team-list-block" data-testid="detail-policies">
          {d.policies.length === 0 ? (
            <List.Item>
              <span className="team-muted">{t('team.noPolicies')}</span>
            </List.Item>
          ) : (
            d.policies.map((p) => (
              <List.Item key={p.id} description={p.brandName}>
                {p.name}
              </List.Item>
            ))
          )}
        </List>

        <List header={t('team.profile')} className="team-list-block">
          <List.Item extra={d.levelName}>{t('team.level')}</List.Item>
          <List.Item extra={d.idCardMasked ?? '-'}>{t('team.idCard')}</List.Item>
          <List.Item extra={d.parentName ?? '-'}>{t('team.parent')}</List.Item>
          <List.Item extra={`${d.childCount} / ${d.teamSize}`}>
            {t('team.directCount')} / {t('team.teamSize')}
          </List.Item>
          <List.Item extra={formatDate(d.createdAt)}>{t('team.joinedAt')}</List.Item>
          <List.Item extra={d.status === 0 ? t('team.statusOn') : t('team.statusOff')}>
            {t('team.status')}
          </List.Item>
        </List>
      </div>
    );
  }

  return (
    <Page title={t('team.detailTitle')} className="team-page" backTo="/pages/home/myAgent/index">
      <PullRefresh onRefresh={() => q.refetch()}>{body}</PullRefresh>
    </Page>
  );
}
