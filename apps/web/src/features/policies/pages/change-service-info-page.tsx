import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useFeeChange } from '../api/get-fee-change';
import { policyKeys } from '../api/policy-keys';
import { ChangeFlow } from '../components/change-flow';
import { DetailSkeleton } from '../components/list-states';
import { dateTime, money } from '../components/policy-format';
import { StatusTag } from '../components/status-tag';
import { useIdParam } from '../hooks/use-id-param';
import { useLang } from '@/lib/use-lang';
import '../i18n';
import '../policies.css';

/** One fee change batch (/pages/home/policy/changeServiceInfo?id=), followed live while in flight. */
export default function ChangeServiceInfoPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const id = useIdParam('id');
  const q = useFeeChange(id);
  let body = recordGate(!!id, q, '/pages/home/policy/changeServiceList', <DetailSkeleton />);
  if (!body && q.data) {
    const d = q.data;
    body = (
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: policyKeys.feeChange(d.id) })}>
        <div className="pol-card" data-testid="fee-change-detail">
          <div className="pol-card-title">
            {d.kind === 1 ? t('policies.feeKindService') : t('policies.feeKindComm')}
            <StatusTag status={d.status} />
          </div>
          <div className="pol-big">{money(d.newFeeFen, lang)}</div>
          <ChangeFlow
            status={d.status}
            createdAt={d.createdAt}
            finishedAt={d.finishedAt}
            reason={d.reason}
          />
        </div>
        <div className="pol-card">
          <dl className="pol-kv">
            <dt>{t('policies.policy')}</dt>
            <dd>{d.policyName ?? '-'}</dd>
            <dt>{t('policies.requestedBy')}</dt>
            <dd>{d.requestedByName}</dd>
            <dt>{t('policies.requestedAt')}</dt>
            <dd>{dateTime(d.createdAt)}</dd>
            <dt>{t('policies.finishedAt')}</dt>
            <dd>{dateTime(d.finishedAt) || '-'}</dd>
            <dt>{t('policies.requestNo')}</dt>
            <dd>{d.requestNo}</dd>
          </dl>
        </div>
        <div className="pol-section">{t('policies.terminalsInBatch', { n: d.count })}</div>
        <div className="pol-card" data-testid="fee-items">
          {d.items.map((i) => (
            <div className="pol-row" key={i.sn}>
              <span>{i.sn}</span>
              <span>
                <span className="pol-muted">{money(i.oldFeeFen, lang)}</span> →{' '}
                <b>{money(i.newFeeFen, lang)}</b>
              </span>
            </div>
          ))}
        </div>
      </PullRefresh>
    );
  }
  return (
    <Page
      title={t('policies.serviceInfoTitle')}
      className="pol-page"
      backTo="/pages/home/policy/changeServiceList"
    >
      {body}
    </Page>
  );
}
