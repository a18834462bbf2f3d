import { ACTIVATION_FILTERS, type ActivationFilter } from '@pos/core';
import { SearchBar, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { dataKeys } from '../api/data-keys';
import { useActivationChecks, type ActivationFilters } from '../api/get-activation-checks';
import { ActivationCards } from '../components/activation-card';
import { ListState } from '../components/list-state';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useParams } from '../hooks/use-param';
import '../data.css';
import '../i18n';

/**
 * Activation check (/pages/home/tripartiteData/activationCheck?sn=&status=): my team's
 * terminals searched by SN, each with whether and when it activated, or why not: not bound,
 * volume short (so far against the threshold, days left) or window passed.
 */
export default function ActivationCheckPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [params, setParams] = useParams();
  const statusParam = params.get('status');
  const [sn, setSn] = useState(params.get('sn') ?? '');
  const search = useDebouncedValue(sn.trim().toUpperCase());
  // A search looks through every terminal unless a tab was picked; the list alone shows waiting ones.
  const status: ActivationFilter = (ACTIVATION_FILTERS as readonly string[]).includes(
    statusParam ?? '',
  )
    ? (statusParam as ActivationFilter)
    : search
      ? 'all'
      : 'pending';
  useEffect(() => {
    if ((params.get('sn') ?? '') !== search) setParams({ sn: search || undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  const filters: ActivationFilters = { status, sn: search || undefined };
  const q = useActivationChecks(filters);
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <Page title={t('data.activationTitle')} className="data-page" backTo="/pages/data/index">
      <div className="data-sticky">
        <SearchBar
          placeholder={t('data.searchSn')}
          value={sn}
          onChange={setSn}
          maxLength={40}
          data-testid="activation-search"
        />
        <Tabs activeKey={status} onChange={(k) => setParams({ status: k })} className="data-tabs">
          {ACTIVATION_FILTERS.map((f) => (
            <Tabs.Tab key={f} title={t(`data.status.${f}`)} />
          ))}
        </Tabs>
      </div>
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: dataKeys.checks })}>
        <ListState query={q} empty={t('data.noTerminals')} emptyDesc={t('data.noTerminalsDesc')}>
          <ActivationCards rows={rows} testId="activation-list" />
        </ListState>
      </PullRefresh>
    </Page>
  );
}
