import { ErrorBlock, List, Skeleton } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useTeamBreakdown } from '../api/get-team-breakdown';
import { merchantKeys } from '../api/merchant-keys';
import '../i18n';
import '../merchants.css';

/** Terminal data: my own stock and each direct sub-agent team's, by bind status. */
export default function DataTermInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useTeamBreakdown();
  const d = q.data;
  const line = (c: { unbound: number; bound: number; activated: number }) =>
    `${t('merchants.unbound')} ${c.unbound} · ${t('merchants.bound')} ${c.bound} · ${t('merchants.activated')} ${c.activated}`;
  let body;
  if (q.isLoading) body = <Skeleton.Paragraph lineCount={8} animated />;
  else if (q.isError || !d) body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  else {
    const all = d.children.reduce(
      (acc, c) => ({
        total: acc.total + c.total,
        unbound: acc.unbound + c.unbound,
        bound: acc.bound + c.bound,
        activated: acc.activated + c.activated,
      }),
      d.own,
    );
    body = (
      <>
        <div className="merch-hero" data-testid="term-info-summary">
          <div className="merch-hero-big">
            <span className="merch-tile-value">{all.total}</span>
            <span className="merch-tile-label">{t('merchants.totalTerminals')}</span>
          </div>
          <div className="merch-hero-line">{line(all)}</div>
        </div>
        <List mode="card" header={t('merchants.byTeam')}>
          <List.Item
            extra={d.own.total}
            description={line(d.own)}
            onClick={() => navigate('/pages/home/terminal/terminalList')}
          >
            {t('merchants.ownStock')}
          </List.Item>
          {d.children.map((c) => (
            <List.Item
              key={c.agentId}
              extra={c.total}
              description={line(c)}
              onClick={() => navigate(`/pages/home/myAgent/agentDetail?id=${c.agentId}`)}
            >
              {c.agentName} {c.agentMobile}
            </List.Item>
          ))}
        </List>
        {d.children.length === 0 && (
          <ErrorBlock status="empty" title={t('merchants.teamNone')} description="" />
        )}
      </>
    );
  }
  return (
    <Page title={t('merchants.termInfoTitle')} className="merch-page" backTo="/pages/data/index">
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: merchantKeys.all })}>
        {body}
      </PullRefresh>
    </Page>
  );
}
