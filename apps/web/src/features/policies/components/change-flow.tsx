import { CHANGE_SERVICE_STATUS } from '@pos/core';
import { Steps } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { dateTime } from './policy-format';

/**
 * The acquirer's reason for a failed change (when there is one), then applying -> processing ->
 * done or failed, as steps.
 */
export function ChangeFlow({
  status,
  createdAt,
  finishedAt,
  reason,
}: {
  status: number;
  createdAt: string;
  finishedAt: string | null;
  reason: string | null;
}) {
  const { t } = useTranslation();
  const failed = status === CHANGE_SERVICE_STATUS.FAILED;
  const current =
    status === CHANGE_SERVICE_STATUS.APPLYING
      ? 0
      : status === CHANGE_SERVICE_STATUS.PROCESSING
        ? 1
        : 2;
  return (
    <>
      {reason && (
        <div
          className="pol-note pol-warn"
          style={{ margin: '10px 0 0' }}
          data-testid="change-reason"
        >
          {reason}
        </div>
      )}
      <Steps direction="vertical" current={current} className="pol-flow" data-testid="change-flow">
        <Steps.Step
          title={t('policies.flowApplying')}
          description={dateTime(createdAt)}
          status={current > 0 ? 'finish' : 'process'}
        />
        <Steps.Step
          title={t('policies.flowProcessing')}
          status={current > 1 ? 'finish' : current === 1 ? 'process' : 'wait'}
        />
        <Steps.Step
          title={failed ? t('policies.flowFailed') : t('policies.flowDone')}
          description={dateTime(finishedAt)}
          status={current < 2 ? 'wait' : failed ? 'error' : 'finish'}
        />
      </Steps>
    </>
  );
}
