import type { JobName } from '@pos/core';
import type { Db } from '../../db/client';
import { runActivationJob } from '../../jobs/activation';
import { runCommFeeJob } from '../../jobs/comm-fee';
import { runMonthlyAllowanceJob } from '../../jobs/monthly-allowance';
import { settleQueued } from '../../jobs/settlement';
import { runStandardCheckJob } from '../../jobs/standard-check';
import { badRequest } from '../../lib/app-error';
import type { JobResult } from '../../db/job-runs';
import { shanghaiDay, shanghaiMonth } from '../../lib/periods';
import { runCreditJob } from '../credit/deduct-credit';

/** An operator's "run now": the job for the period given (or the one due), with its status row. */
export async function runJobNow(
  db: Db,
  job: JobName,
  period?: string,
  now: Date = new Date(),
): Promise<{ ran: boolean; processed: number; postedFen: number; status: number }> {
  const monthly = (p?: string) => {
    if (p !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(p))
      throw badRequest('期间须为月份（YYYY-MM）', 'period');
    // Only a month that is over can be assessed.
    if (p !== undefined && p >= shanghaiMonth(now))
      throw badRequest('只能执行已结束月份', 'period');
    return p;
  };
  let result: JobResult;
  switch (job) {
    case 'settlement': {
      const settled = await settleQueued(db);
      return { ran: true, processed: settled.ran ? settled.processed : 0, postedFen: 0, status: 2 };
    }
    case 'activation':
      result = await runActivationJob(db, now);
      break;
    case 'comm_fee':
      if (period !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(period))
        throw badRequest('期间须为日期（YYYY-MM-DD）', 'period');
      result = await runCommFeeJob(db, now, period);
      break;
    case 'credit_deduction': {
      if (period !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(period))
        throw badRequest('期间须为日期（YYYY-MM-DD）', 'period');
      if (period !== undefined && period > shanghaiDay(now))
        throw badRequest('不能执行未到的日期', 'period');
      result = await runCreditJob(db, now, period);
      break;
    }
    case 'standard_check':
      result = await runStandardCheckJob(db, now, monthly(period));
      break;
    case 'monthly_allowance':
      result = await runMonthlyAllowanceJob(db, now, monthly(period));
      break;
  }
  return result.ran
    ? { ran: true, processed: result.processed, postedFen: result.postedFen, status: 2 }
    : { ran: false, processed: 0, postedFen: 0, status: result.status };
}
