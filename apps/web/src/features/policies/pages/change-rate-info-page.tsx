import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useRateChange } from '../api/get-rate-change';
import { policyKeys } from '../api/policy-keys';
import { ChangeFlow } from '../components/change-flow';
import { DetailSkeleton } from '../components/list-states';
import { dateTime, rateLabel, rateText } from '../components/policy-format';
import { StatusTag } from '../components/status-tag';
import { useIdParam } from '../hooks/use-id-param';
import { useLang } from '@/lib/use-lang';
import '../i18n';
import '../policies.css';

/**
 * One rate change (/pages/home/policy/changeRateInfo?id=): old and new rate, who asked and when,
 * and its way through the acquirer, followed live while it is applying or processing.
 */
export default function ChangeRateInfoPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = useIdParam('id');
  const q = useRateChange(id);
  let body = recordGate(!!id, q, '/pages/home/policy/changeRateList', <DetailSkeleton />);
  if (!body && q.data) {
    const d = q.data;
    body = (
      <PullRefresh
        onRefresh={() => qc.invalidateQueries({ queryKey: policyKeys.rateChange(d.id) })}
      >
        <div className="pol-card" data-testid="rate-change-detail">
          <div className="pol-card-title">
            {rateLabel(d.rateType, lang)}
            <StatusTag status={d.status} />
          </div>
          <div className="pol-change" style={{ fontSize: 20 }}>
            <span className="old">{rateText(d.rateType, d.oldRate, lang)}</span>
            <span>→</span>
            <span className="new" data-testid="new-rate">
              {rateText(d.rateType, d.newRate, lang)}
            </span>
          </div>
          <ChangeFlow
            status={d.status}
            createdAt={d.createdAt}
            finishedAt={d.finishedAt}
            reason={d.reason}
          />
        </div>
        <div className="pol-card">
          <dl className="pol-kv">
            <dt>{t('policies.merchant')}</dt>
            <dd>
              <button
                type="button"
                className="pol-link"
                onClick={() =>
                  navigate(`/pages/home/policy/changeMercDetail?merchantId=${d.merchantId}`)
                }
              >
                {d.merchantName}
              </button>
            </dd>
            <dt>{t('policies.merchantNo')}</dt>
            <dd>{d.merchantNo}</dd>
            {d.sn && (
              <>
                <dt>SN</dt>
                <dd>{d.sn}</dd>
              </>
            )}
            <dt>{t('policies.policy')}</dt>
            <dd>{d.policyName ?? '-'}</dd>
            <dt>{t('policies.directAgent')}</dt>
            <dd>{d.agentName}</dd>
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
      </PullRefresh>
    );
  }
  return (
    <Page
      title={t('policies.rateInfoTitle')}
      className="pol-page"
      backTo="/pages/home/policy/changeRateList"
    >
      {body}
    </Page>
  );
}
