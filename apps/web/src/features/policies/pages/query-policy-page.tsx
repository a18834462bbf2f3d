import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useOpenedForChildren } from '../api/get-opened-for-children';
import { policyKeys } from '../api/policy-keys';
import { EmptyBlock, ListStates } from '../components/list-states';
import { dateTime, money, rateText } from '../components/policy-format';
import { useIdParam } from '../hooks/use-id-param';
import { useLang } from '@/lib/use-lang';
import '../i18n';
import '../policies.css';

/** Policy query (/pages/home/policy/queryPolicy): the policies the caller opened for its sub-agents. */
export default function QueryPolicyPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const childId = useIdParam('agentId', 'childId');
  const q = useOpenedForChildren(childId);
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  const open = () => navigate('/pages/home/policy/open');
  return (
    <Page
      title={t('policies.queryTitle')}
      className="pol-page"
      right={
        <button
          type="button"
          className="pol-nav-button"
          aria-label={t('policies.openFor')}
          onClick={open}
        >
          <AddOutline />
        </button>
      }
    >
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: policyKeys.all })}>
        <div className="pol-note">
          <button
            type="button"
            className="pol-link"
            onClick={() => navigate('/pages/home/policy/policyInfo')}
          >
            {t('policies.myPolicies')} ›
          </button>
        </div>
        <ListStates
          q={q}
          empty={
            <EmptyBlock title={t('policies.noOpened')}>
              <Button color="primary" size="small" onClick={open}>
                {t('policies.openFor')}
              </Button>
            </EmptyBlock>
          }
        >
          <div data-testid="opened-list">
            {rows.map((r) => (
              <div
                key={r.id}
                className="pol-list-item"
                role="button"
                tabIndex={0}
                data-testid={`opened-${r.id}`}
                onClick={() => navigate(`/pages/home/policy/policyInfo?id=${r.id}`)}
              >
                <div className="pol-list-head">
                  <span>
                    {r.childName} <span className="pol-muted">{r.childMobile}</span>
                  </span>
                  <span className="pol-muted">{t('policies.version', { v: r.version })}</span>
                </div>
                <div className="pol-list-sub">
                  <span>
                    {t('policies.brandPolicy', { brand: r.brandName, name: r.policyName })}
                  </span>
                  {r.posCost !== null && (
                    <span>
                      {t('policies.posCost')} {rateText(1, r.posCost, lang)}
                    </span>
                  )}
                  <span>
                    {t('policies.activationReward')} {money(r.activationRewardFen, lang)}
                  </span>
                  <span>{t('policies.updatedAt', { t: dateTime(r.updatedAt) })}</span>
                </div>
              </div>
            ))}
          </div>
        </ListStates>
      </PullRefresh>
    </Page>
  );
}
