import { STANDARD_RESULT_FILTERS, standardCheckLabel } from '@pos/core';
import { SearchBar, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { dataKeys } from '../api/data-keys';
import { useStandardChecks, type StandardFilters } from '../api/get-standard-checks';
import { JobStatusBar } from '../components/job-status-bar';
import { ListState } from '../components/list-state';
import { MonthPicker } from '@/components/ui/month-picker';
import { StandardCard } from '../components/standard-card';
import { readMonth, shanghaiMonth } from '../hooks/dates';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLang } from '@/lib/use-lang';
import { useParams } from '../hooks/use-param';
import '../data.css';
import '../i18n';

/** Result tabs: all, then met (every level), not met, pending, no check. */
const TABS = ['all', 1, -1, 0, -2] as const;

/**
 * Merchant standard check (/pages/home/tripartiteData/merchStandardCheck?month=&result=&sn=):
 * each bound terminal of my team in month k of its policy for the month picked, its volume
 * against T_k and its check type, with the month's assessment job status.
 */
export default function MerchStandardCheckPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLang();
  const qc = useQueryClient();
  const [params, setParams] = useParams();
  const month = readMonth(params.get('month')) ?? undefined;
  const resultParam = params.get('result');
  const result = (STANDARD_RESULT_FILTERS as readonly number[]).find(
    (v) => String(v) === resultParam,
  );
  const [sn, setSn] = useState(params.get('sn') ?? '');
  const search = useDebouncedValue(sn.trim().toUpperCase());
  useEffect(() => {
    if ((params.get('sn') ?? '') !== search) setParams({ sn: search || undefined });
    // Only the settled search goes to the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  const filters: StandardFilters = { month, result, sn: search || undefined };
  const q = useStandardChecks(filters);
  const first = q.data?.pages[0];
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <Page
      title={t('data.standardTitle')}
      className="data-page"
      backTo="/pages/data/index"
      right={
        <MonthPicker
          className="data-month"
          value={month}
          onChange={(m) => setParams({ month: m })}
        />
      }
    >
      <div className="data-sticky">
        <SearchBar
          placeholder={t('data.searchSn')}
          value={sn}
          onChange={setSn}
          maxLength={40}
          data-testid="standard-search"
        />
        <Tabs
          activeKey={String(result ?? 'all')}
          onChange={(k) => setParams({ result: k === 'all' ? undefined : k })}
          className="data-tabs"
        >
          {TABS.map((v) => (
            <Tabs.Tab
              key={String(v)}
              title={v === 'all' ? t('data.all') : standardCheckLabel(v, lang)}
            />
          ))}
        </Tabs>
      </div>
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: dataKeys.checks })}>
        {first && <JobStatusBar job={first.job} current={first.month === shanghaiMonth()} />}
        <ListState query={q} empty={t('data.noChecks')} emptyDesc={t('data.noChecksDesc')}>
          <div className="data-cards" data-testid="standard-list">
            {rows.map((r) => (
              <StandardCard
                key={`${r.terminalId}-${r.monthIndex}`}
                row={r}
                onOpen={() =>
                  navigate(`/pages/home/tripartiteData/info?sn=${encodeURIComponent(r.sn)}`)
                }
                onMerchant={() =>
                  navigate(`/pages/home/tripartiteData/merchBindTerm?merchantId=${r.merchantId}`)
                }
              />
            ))}
          </div>
        </ListState>
      </PullRefresh>
    </Page>
  );
}
