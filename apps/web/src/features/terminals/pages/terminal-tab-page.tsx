import { Grid, NoticeBar, Skeleton } from 'antd-mobile';
import {
  ReceiptOutline,
  EditSOutline,
  BankcardOutline,
  FileOutline,
  LinkOutline,
  ScanCodeOutline,
  SendOutline,
  LoopOutline,
  UndoOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useTerminalSummary } from '../api/get-summary';
import { useCreditSales } from '../api/credit';
import { terminalKeys } from '../api/terminal-keys';
import { useIsOperator } from '../hooks/use-role';
import '../i18n';
import '../i18n-credit';
import '../terminals.css';

interface Entry {
  key: string;
  path: string;
  icon: ReactNode;
  color: string;
}

/**
 * The terminal tab (inside the tab layout): counts of my stock and my team's by bind status and
 * brand, recalls waiting for me, and the way into every terminal task.
 */
export default function TerminalTabPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const operator = useIsOperator();
  const q = useTerminalSummary();
  const s = q.data;
  // Offers on credit waiting for my answer (their schedule is shown before I answer).
  const creditOffers = useCreditSales('buyer', 'pending');
  const offerWaiting = creditOffers.data?.pages[0]?.rows.some((r) => r.canAnswer) ?? false;
  const list = (query: string) => navigate(`/pages/home/terminal/terminalList${query}`);

  const entries: Entry[] = [
    {
      key: 'list',
      path: '/pages/home/terminal/terminalList',
      icon: <UnorderedListOutline />,
      color: '#1677ff',
    },
    {
      key: 'allocate',
      path: '/pages/home/terminal/operation?type=0',
      icon: <SendOutline />,
      color: '#3f51e8',
    },
    {
      key: 'transfer',
      path: '/pages/home/terminal/operation?type=1',
      icon: <LoopOutline />,
      color: '#00b578',
    },
    {
      key: 'recall',
      path: '/pages/home/terminal/operation?type=2',
      icon: <UndoOutline />,
      color: '#ff8f1f',
    },
    {
      key: 'bind',
      path: '/pages/home/terminal/terminalBind',
      icon: <LinkOutline />,
      color: '#00a3c4',
    },
    {
      key: 'history',
      path: '/pages/home/terminal/termOperatHistory',
      icon: <FileOutline />,
      color: '#7c5cfc',
    },
    {
      key: 'recalls',
      path: '/pages/home/terminal/termBackList',
      icon: <ReceiptOutline />,
      color: '#fa5151',
    },
    {
      key: 'credit',
      path: '/pages/home/terminal/credit',
      icon: <BankcardOutline />,
      color: '#d4380d',
    },
    {
      key: 'scan',
      path: '/pages/login/sancode/sancode',
      icon: <ScanCodeOutline />,
      color: '#1677ff',
    },
    ...(operator
      ? [
          {
            key: 'brand',
            path: '/pages/home/terminal/brandModification',
            icon: <EditSOutline />,
            color: '#e8a317',
          },
        ]
      : []),
  ];

  let figures;
  if (q.isLoading) figures = <Skeleton.Paragraph lineCount={5} animated />;
  else if (q.isError || !s)
    figures = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  else {
    figures = (
      <>
        <div className="term-hero" data-testid="terminal-summary">
          <button type="button" className="term-hero-total" onClick={() => list('')}>
            <span className="term-hero-label">{t('terminals.total')}</span>
            <span className="term-hero-value" data-testid="summary-total">
              {s.all.total}
            </span>
            <span className="term-hero-sub" data-testid="summary-stocks">
              {t('terminals.own')} {s.own.unbound} · {t('terminals.team')} {s.all.unbound}
            </span>
            <span className="term-hero-sub term-hero-hint">{t('terminals.stockHint')}</span>
          </button>
          <div className="term-hero-row">
            {(['unbound', 'bound', 'activated'] as const).map((k, i) => (
              <button
                type="button"
                key={k}
                className="term-hero-cell"
                onClick={() => list(`?bindStatus=${[0, 1, 3][i]}`)}
              >
                <span className="term-hero-value small" data-testid={`summary-${k}`}>
                  {s.all[k]}
                </span>
                <span className="term-hero-label">{t(`terminals.${k}`)}</span>
              </button>
            ))}
          </div>
        </div>
        {s.byBrand.length > 0 && (
          <div className="term-block">
            <div className="term-section-title">{t('terminals.byBrand')}</div>
            {s.byBrand.map((b) => (
              <button
                type="button"
                key={b.brandId}
                className="term-brand-row"
                onClick={() => list(`?brandId=${b.brandId}`)}
              >
                <span className="term-brand-name">{b.brandName}</span>
                <span className="term-brand-bar">
                  <span
                    style={{
                      width: `${s.all.total ? Math.max(4, (b.total / s.all.total) * 100) : 0}%`,
                    }}
                  />
                </span>
                <span className="term-brand-figures">
                  {b.total}
                  <span className="term-muted">
                    {' '}
                    ({b.unbound}/{b.bound}/{b.activated})
                  </span>
                </span>
              </button>
            ))}
            <div className="term-muted term-legend">
              {t('terminals.unbound')}/{t('terminals.bound')}/{t('terminals.activated')}
            </div>
          </div>
        )}
      </>
    );
  }

  return (
    <Page title={t('terminals.tabTitle')} noBack className="term-page">
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: terminalKeys.all })}>
        {s && s.pendingRecalls > 0 && (
          <NoticeBar
            color="alert"
            content={t('terminals.pendingRecalls', { n: s.pendingRecalls })}
            extra={
              <button
                type="button"
                className="term-link"
                onClick={() => navigate('/pages/home/terminal/termBackList')}
              >
                {t('terminals.handle')}
              </button>
            }
            data-testid="pending-recalls"
          />
        )}
        {offerWaiting && (
          <NoticeBar
            color="alert"
            content={t('credit.pendingAny')}
            extra={
              <button
                type="button"
                className="term-link"
                onClick={() => navigate('/pages/home/terminal/credit')}
              >
                {t('terminals.handle')}
              </button>
            }
            data-testid="pending-credit"
          />
        )}
        {figures}
        <div className="term-block">
          <Grid columns={4} gap={8}>
            {entries.map((e) => (
              <Grid.Item key={e.key}>
                <button
                  type="button"
                  className="term-entry"
                  onClick={() => navigate(e.path)}
                  data-testid={`entry-${e.key}`}
                >
                  <span className="term-entry-icon" style={{ color: e.color }}>
                    {e.icon}
                  </span>
                  <span className="term-entry-label">{t(`terminals.entries.${e.key}`)}</span>
                </button>
              </Grid.Item>
            ))}
          </Grid>
        </div>
      </PullRefresh>
    </Page>
  );
}
