import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useAgentPolicy } from '../api/get-agent-policy';
import { useOwnPolicies } from '../api/get-own-policies';
import { policyKeys } from '../api/policy-keys';
import { DetailSkeleton, EmptyBlock } from '../components/list-states';
import { dateTime, money } from '../components/policy-format';
import { TermsView } from '../components/terms-view';
import { useIdParam } from '../hooks/use-id-param';
import { useLang } from '@/lib/use-lang';
import '../i18n';
import '../policies.css';

/**
 * Policy details (/pages/home/policy/policyInfo?id=): one opened policy in full, the caller's own
 * or one of its subtree's. Without an id, the caller's own policies to choose from.
 */
export default function PolicyInfoPage() {
  const { t } = useTranslation();
  const id = useIdParam('id');
  return (
    <Page title={id ? t('policies.infoTitle') : t('policies.myPolicies')} className="pol-page">
      {id ? <OnePolicy id={id} /> : <OwnPolicies />}
    </Page>
  );
}

function OnePolicy({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useAgentPolicy(id);
  const gate = recordGate(true, q, '/pages/home/policy/policyInfo', <DetailSkeleton />);
  if (gate || !q.data) return gate;
  const d = q.data;
  return (
    <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: policyKeys.agentPolicy(id) })}>
      <TermsView detail={d} />
      {d.canEdit && (
        <div className="pol-footer">
          <Button
            block
            color="primary"
            size="large"
            data-testid="edit-policy"
            onClick={() =>
              navigate(`/pages/home/policy/open?agentId=${d.agentId}&policyId=${d.policyId}`)
            }
          >
            {t('policies.canEdit')}
          </Button>
        </div>
      )}
    </PullRefresh>
  );
}

function OwnPolicies() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useOwnPolicies();
  if (q.isLoading) return <DetailSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data?.length)
    return <EmptyBlock title={t('policies.noPolicy')} description={t('policies.noPolicyDesc')} />;
  return (
    <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: policyKeys.own() })}>
      <div data-testid="own-policies">
        {q.data.map((p) => (
          <div
            key={p.id}
            className="pol-list-item"
            role="button"
            tabIndex={0}
            data-testid={`own-policy-${p.policyId}`}
            onClick={() => navigate(`/pages/home/policy/policyInfo?id=${p.id}`)}
          >
            <div className="pol-list-head">
              {t('policies.brandPolicy', { brand: p.brandName, name: p.policyName })}
              <span className="pol-muted">{t('policies.version', { v: p.version })}</span>
            </div>
            <div className="pol-list-sub">
              <span>
                {t('policies.activationReward')} {money(p.activationRewardFen, lang)}
              </span>
              <span>{t('policies.updatedAt', { t: dateTime(p.updatedAt) })}</span>
            </div>
          </div>
        ))}
      </div>
    </PullRefresh>
  );
}
