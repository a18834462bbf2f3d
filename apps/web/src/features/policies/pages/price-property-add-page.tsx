import { percentTextToSharePpm, sharePpmToPercentText } from '@pos/core';
import { Button, Selector, Slider, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { ApiError } from '@/lib/api-client';
import { useOpenCandidate } from '../api/get-open-candidates';
import { usePriceShare } from '../api/get-price-share';
import { useOwnPolicies } from '../api/get-own-policies';
import { useSetPriceShare } from '../api/set-price-share';
import { ChildPicker } from '../components/child-picker';
import { FieldInput } from '../components/field-input';
import { EmptyBlock } from '../components/list-states';
import { ShareExample } from '../components/share-example';
import { useIdParam } from '../hooks/use-id-param';
import '../i18n';
import '../policies.css';

/**
 * Set a price-adjustment share (/pages/home/price-property/add?childId=&policyId=): pick a direct
 * sub-agent and a policy it holds, then the part passed down to it (0% to 100%).
 */
export default function PricePropertyAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const childId = useIdParam('childId', 'agentId');
  const policyIdParam = useIdParam('policyId');
  const own = useOwnPolicies();
  // The chosen child with the policies it holds (a policy it lacks has no adjustment income).
  const candidate = useOpenCandidate(childId);
  const child = candidate.data ?? undefined;
  const childPolicies = (own.data ?? []).filter((p) =>
    child?.opened.some((o) => o.policyId === p.policyId),
  );
  const policyId = policyIdParam ?? childPolicies[0]?.policyId;
  const current = usePriceShare(childId, policyId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useSetPriceShare();

  useEffect(() => {
    if (current.data) setText(sharePpmToPercentText(current.data.passPpm).replace(/%$/, ''));
  }, [current.data]);

  const ppm = percentTextToSharePpm(text);
  const localError = text !== '' && ppm === null ? t('policies.percentError') : null;

  const save = async () => {
    if (!childId || !policyId) return;
    if (ppm === null) {
      setError(t('policies.percentError'));
      return;
    }
    try {
      await mutation.mutateAsync({ childId, policyId, passPpm: ppm });
      Toast.show({ icon: 'success', content: t('policies.shareSaved') });
      navigate(`/pages/home/price-property/detail?childId=${childId}&policyId=${policyId}`, {
        replace: true,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setError(message);
      if (!(err instanceof ApiError)) Toast.show({ content: message });
    }
  };

  let body;
  if (!childId) {
    body = (
      <>
        <div className="pol-note">{t('policies.pickChildPh')}</div>
        <ChildPicker onPick={(c) => setParams({ childId: String(c.id) }, { replace: true })} />
      </>
    );
  } else if (candidate.isSuccess && !child) {
    body = <EmptyBlock title={t('policies.pickChildPolicy')} />;
  } else {
    body = (
      <>
        <div className="pol-card">
          <div className="pol-card-title">
            <span>
              {t('policies.childLabel')}
              {child ? `${child.name} ${child.mobile}` : '…'}
            </span>
            <Button
              size="mini"
              fill="none"
              color="primary"
              onClick={() => setParams({}, { replace: true })}
            >
              {t('policies.change')}
            </Button>
          </div>
          {childPolicies.length === 0 && candidate.isSuccess ? (
            <div className="pol-error">{t('policies.noShares')}</div>
          ) : (
            <Selector
              columns={1}
              showCheckMark={false}
              options={childPolicies.map((p) => ({
                label: `${p.brandName} · ${p.policyName}`,
                value: p.policyId,
              }))}
              value={policyId ? [policyId] : []}
              onChange={(v) =>
                v[0] &&
                setParams({ childId: String(childId), policyId: String(v[0]) }, { replace: true })
              }
            />
          )}
        </div>
        <div className="pol-card">
          <div className="pol-card-title">
            {t('policies.passDown')}
            <small>{t('policies.passDownDesc')}</small>
          </div>
          <FieldInput
            label={t('policies.passDown')}
            value={text}
            unit="%"
            placeholder={t('policies.percentPh')}
            testId="pass-percent"
            error={error ?? localError}
            onChange={(v) => {
              setError(null);
              setText(v);
            }}
          />
          <Slider
            min={0}
            max={100}
            step={5}
            value={ppm === null ? 0 : Math.round(ppm / 10_000)}
            onChange={(v) => {
              setError(null);
              setText(String(v as number));
            }}
            style={{ margin: '12px 4px' }}
          />
          {ppm !== null && <ShareExample passPpm={ppm} />}
        </div>
        <div className="pol-footer">
          <Button
            block
            color="primary"
            size="large"
            disabled={!policyId}
            loading={mutation.isPending}
            onClick={() => void save()}
            data-testid="share-save"
          >
            {t('policies.save')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <Page
      title={t('policies.priceShareAddTitle')}
      className="pol-page"
      backTo="/pages/home/price-property/price-property"
    >
      {body}
    </Page>
  );
}
