import { formatDate } from '@pos/core';
import { randomInt } from 'node:crypto';

/**
 * An order or payment number: a letter, the time to the second in Asia/Shanghai (the day the
 * agent and the operator read, yymmddhhMMss), six random digits.
 */
export const serialNo = (prefix: string, now: Date) =>
  `${prefix}${formatDate(now, 'yyyymmddhhMMss').slice(2)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
