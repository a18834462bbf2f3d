import { Button } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { MissingRecord, isMissingRecord, recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { useOpenDraft } from '../api/get-open-draft';
import { useOwnPolicies } from '../api/get-own-policies';
import { ChildPicker } from '../components/child-picker';
import { DetailSkeleton, EmptyBlock } from '../components/list-states';
import { OpenPolicyForm } from '../components/open-policy-form';
import { PolicySelector } from '../components/policy-tabs';
import { useIdParam } from '../hooks/use-id-param';
import '../i18n';
import '../policies.css';

/**
 * Open product policy (/pages/home/policy/open?agentId=&policyId=): pick a direct sub-agent and
 * one of the caller's policies, then set the sub-agent's costs, ranges, rewards and fee shares
 * with the margin simulator live above them. An opened policy opens here for editing.
 */
export default function OpenPolicyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const childId = useIdParam('agentId', 'childId');
  const own = useOwnPolicies();
  const policyId = useIdParam('policyId') ?? own.data?.[0]?.policyId;
  const draft = useOpenDraft(childId, policyId);

  const setParam = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    next.delete('childId');
    setParams(next, { replace: true });
  };

  const right = (
    <button
      type="button"
      className="pol-nav-button"
      onClick={() => navigate('/pages/home/policy/queryPolicy')}
    >
      {t('policies.queryTitle')}
    </button>
  );

  let body;
  if (own.isLoading) body = <DetailSkeleton />;
  else if (own.isError) body = <LoadError error={own.error} onRetry={() => void own.refetch()} />;
  else if (!own.data?.length)
    body = <EmptyBlock title={t('policies.noPolicy')} description={t('policies.noPolicyDesc')} />;
  else if (!childId) {
    body = (
      <>
        <div className="pol-note">{t('policies.pickChildPh')}</div>
        <ChildPicker policyId={policyId} onPick={(c) => setParam({ agentId: String(c.id) })} />
      </>
    );
  } else if (draft.isError && isMissingRecord(draft.error)) {
    body = <MissingRecord backTo="/pages/home/policy/open" />;
  } else {
    body = (
      <>
        <div className="pol-card">
          <div className="pol-card-title">
            <span>
              {t('policies.childLabel')}
              <span data-testid="open-child-name">
                {draft.data ? `${draft.data.child.name} ${draft.data.child.mobile}` : '…'}
              </span>
            </span>
            <Button
              size="mini"
              fill="none"
              color="primary"
              onClick={() => setParam({ agentId: null })}
            >
              {t('policies.change')}
            </Button>
          </div>
          <div className="pol-muted" style={{ marginBottom: 6 }}>
            {t('policies.pickPolicy')}
          </div>
          <PolicySelector
            policies={own.data}
            value={policyId}
            onChange={(id) => setParam({ policyId: String(id) })}
          />
        </div>
        {recordGate(true, draft, '/pages/home/policy/open', <DetailSkeleton />) ??
          (!draft.data ? null : (
            <OpenPolicyForm
              key={`${childId}-${policyId}-${draft.data.currentVersion ?? 0}`}
              draft={draft.data}
              onSaved={(r) =>
                navigate(`/pages/home/policy/policyInfo?id=${r.id}`, { replace: true })
              }
            />
          ))}
      </>
    );
  }

  return (
    <Page
      title={draft.data?.current ? t('policies.editTitle') : t('policies.openTitle')}
      className="pol-page"
      right={right}
    >
      {body}
    </Page>
  );
}
