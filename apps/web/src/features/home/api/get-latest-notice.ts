import type { Notice } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getNotices } from './get-notices';

/** The newest notice, for the bar on the home tab (the first row of the first page). */
export async function getLatestNotice(): Promise<Notice | null> {
  const page = await getNotices(null, 1);
  return page.rows[0] ?? null;
}

export const latestNoticeKey = ['home', 'notices', 'latest'] as const;

export const latestNoticeQuery = () =>
  queryOptions({ queryKey: latestNoticeKey, queryFn: getLatestNotice });

export const useLatestNotice = () => useQuery(latestNoticeQuery());
