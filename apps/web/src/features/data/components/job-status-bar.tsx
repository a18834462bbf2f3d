import { EXECUTION_STATUS, enumLabel, formatDate, type CheckJobStatus } from '@pos/core';
import { useTranslation } from '@/lib/i18n';
import { useLang } from '@/lib/use-lang';

const TONE: Record<number, string> = {
  [EXECUTION_STATUS.FAILED]: 'danger',
  [EXECUTION_STATUS.TO_BE_ASSESSED]: 'muted',
  [EXECUTION_STATUS.IN_ASSESSMENT]: 'primary',
  [EXECUTION_STATUS.SUCCEEDED]: 'success',
};

/** The monthly assessment job of a month: its execution status and when it finished. */
export function JobStatusBar({ job, current }: { job: CheckJobStatus; current: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className={`data-job ${TONE[job.status] ?? 'muted'}`} data-testid="job-status">
      <span className="data-job-dot" />
      <span>
        {t('data.jobStatus', { status: enumLabel('execution_status', job.status, lang) })}
      </span>
      {job.finishedAt && (
        <span className="data-job-time">
          {t('data.jobFinished', { time: formatDate(job.finishedAt, 'mm-dd hh:MM') })}
        </span>
      )}
      {job.status === EXECUTION_STATUS.TO_BE_ASSESSED && (
        <span className="data-job-time">
          {current ? t('data.jobPendingHint') : t('data.jobWaitingHint')}
        </span>
      )}
    </div>
  );
}
