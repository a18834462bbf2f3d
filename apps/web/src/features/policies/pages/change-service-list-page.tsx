import { useQueryClient } from '@tanstack/react-query';
import { SearchBar, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useFeeChanges } from '../api/get-fee-changes';
import { policyKeys } from '../api/policy-keys';
import { FeeChangeCard } from '../components/fee-change-card';
import { EmptyBlock, ListStates } from '../components/list-states';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import '../i18n';
import '../policies.css';

/**
 * Fee change records (/pages/home/policy/changeServiceList?kind=): service fee and communication
 * fee batches, newest first; an SN search shows one terminal's history.
 */
export default function ChangeServiceListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind') === '2' ? '2' : '1';
  const [sn, setSn] = useState(params.get('sn') ?? '');
  const search = useDebouncedValue(sn.trim());
  const q = useFeeChanges({ kind: Number(kind), sn: search || undefined });
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <Page title={t('policies.serviceListTitle')} className="pol-page">
      <Tabs
        activeKey={kind}
        onChange={(k) => setParams({ kind: k }, { replace: true })}
        style={{ background: '#fff' }}
      >
        <Tabs.Tab title={t('policies.feeKindService')} key="1" />
        <Tabs.Tab title={t('policies.feeKindComm')} key="2" />
      </Tabs>
      <div className="pol-toolbar">
        <SearchBar placeholder="SN" value={sn} onChange={setSn} maxLength={32} />
      </div>
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: policyKeys.all })}>
        <ListStates q={q} empty={<EmptyBlock title={t('policies.noRecords')} />}>
          <div data-testid="fee-change-list">
            {rows.map((r) => (
              <FeeChangeCard
                key={r.id}
                item={r}
                onOpen={() => navigate(`/pages/home/policy/changeServiceInfo?id=${r.id}`)}
              />
            ))}
          </div>
        </ListStates>
      </PullRefresh>
    </Page>
  );
}
