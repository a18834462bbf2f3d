import type { MerchantCondition } from '@pos/core';
import { Grid, Skeleton } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useMerchantSummary } from '../api/get-merchant-summary';
import { merchantKeys } from '../api/merchant-keys';
import '../i18n';
import '../merchants.css';

/**
 * Merchant data: the figures of my subtree's merchants and terminals; each figure opens the list
 * of the merchants behind it.
 */
export default function DataMerchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useMerchantSummary();
  const s = q.data;
  const open = (c: MerchantCondition) =>
    navigate(`/pages/home/data/merch-cond-list?condition=${c}`);

  let body;
  if (q.isLoading) body = <Skeleton.Paragraph lineCount={8} animated />;
  else if (q.isError || !s) body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  else {
    const tiles: { key: string; value: number; cond: MerchantCondition }[] = [
      { key: 'total', value: s.total, cond: 'all' },
      { key: 'newThisMonth', value: s.newThisMonth, cond: 'newThisMonth' },
      { key: 'withActivated', value: s.withActivated, cond: 'activated' },
      { key: 'noLicence', value: s.noLicence, cond: 'noLicence' },
      { key: 'notIdentified', value: s.notIdentified, cond: 'notIdentified' },
      { key: 'own', value: s.own, cond: 'all' },
    ];
    body = (
      <>
        <div className="merch-hero" data-testid="merchant-summary">
          <Grid columns={3} gap={0}>
            {tiles.map((tile) => (
              <Grid.Item key={tile.key}>
                <button type="button" className="merch-tile" onClick={() => open(tile.cond)}>
                  <span className="merch-tile-value">{tile.value}</span>
                  <span className="merch-tile-label">{t(`merchants.${tile.key}`)}</span>
                </button>
              </Grid.Item>
            ))}
          </Grid>
        </div>
        <div className="merch-block">
          <div className="merch-section-title">{t('merchants.terminals')}</div>
          <Grid columns={4} gap={8}>
            {(['total', 'unbound', 'bound', 'activated'] as const).map((k) => (
              <Grid.Item key={k}>
                <div className="merch-figure">
                  <span className="merch-figure-value">{s.terminals[k]}</span>
                  <span className="merch-muted">
                    {t(k === 'total' ? 'merchants.totalTerminals' : `merchants.${k}`)}
                  </span>
                </div>
              </Grid.Item>
            ))}
          </Grid>
        </div>
        <div className="merch-block">
          <div className="merch-links">
            <button
              type="button"
              className="merch-link"
              onClick={() => navigate('/pages/home/home/merch-bind-info')}
            >
              {t('merchants.bindInfoTitle')}
            </button>
            <button
              type="button"
              className="merch-link"
              onClick={() => navigate('/pages/home/home/term-active-info')}
            >
              {t('merchants.activeInfoTitle')}
            </button>
            <button
              type="button"
              className="merch-link"
              onClick={() => navigate('/pages/data/term-info')}
            >
              {t('merchants.termInfoTitle')}
            </button>
          </div>
        </div>
      </>
    );
  }
  return (
    <Page title={t('merchants.dataTitle')} className="merch-page">
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: merchantKeys.all })}>
        {body}
      </PullRefresh>
    </Page>
  );
}
