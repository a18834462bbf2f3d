import { useQueryClient } from '@tanstack/react-query';
import { changeServiceStatusOptions } from '@pos/core';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useRateChanges } from '../api/get-rate-changes';
import { policyKeys } from '../api/policy-keys';
import { EmptyBlock, ListStates } from '../components/list-states';
import { RateChangeCard } from '../components/rate-change-card';
import { useIdParam } from '../hooks/use-id-param';
import { useLang } from '@/lib/use-lang';
import '../i18n';
import '../policies.css';

/** Rate change records (/pages/home/policy/changeRateList?merchantId=), by change-service status. */
export default function ChangeRateListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const merchantId = useIdParam('merchantId');
  const [tab, setTab] = useState('all');
  const status = tab === 'all' ? undefined : Number(tab);
  const q = useRateChanges({ merchantId, status });
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <Page title={t('policies.rateListTitle')} className="pol-page">
      <Tabs activeKey={tab} onChange={setTab} style={{ background: '#fff' }}>
        <Tabs.Tab title={t('policies.all')} key="all" />
        {changeServiceStatusOptions.map((o) => (
          <Tabs.Tab title={lang === 'en' ? o.en : o.zh} key={String(o.value)} />
        ))}
      </Tabs>
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: policyKeys.all })}>
        <ListStates q={q} empty={<EmptyBlock title={t('policies.noRecords')} />}>
          <div data-testid="rate-change-list">
            {rows.map((r) => (
              <RateChangeCard
                key={r.id}
                item={r}
                onOpen={() => navigate(`/pages/home/policy/changeRateInfo?id=${r.id}`)}
              />
            ))}
          </div>
        </ListStates>
      </PullRefresh>
    </Page>
  );
}
