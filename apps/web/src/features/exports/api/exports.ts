import { API_BASE_PATH, type ExportItem, type ExportKind, type ExportPage } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { API_ORIGIN, request } from '@/lib/api-client';
import { getToken } from '@/lib/storage';

export const exportKeys = {
  all: ['exports'] as const,
  list: ['exports', 'list'] as const,
};

/** Whether an export is still being written (its row is polled until it is not). */
export const isPending = (e: Pick<ExportItem, 'status'>) =>
  e.status === 'queued' || e.status === 'running';

/** My exports of the last 7 days, newest first (GET /api/ag/export/list). */
export const exportListQuery = infiniteQueryOptions({
  queryKey: exportKeys.list,
  queryFn: async ({ pageParam }) => {
    const res = await request<ExportPage>({
      url: '/api/ag/export/list',
      params: { cursor: pageParam ?? undefined, pageSize: 20 },
      noShowMsg: true,
    });
    if (!res.data) throw new Error('empty response');
    return res.data;
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/** The list, asked again every 1.5 s while one of its exports is still being written. */
export const useExportList = () =>
  useInfiniteQuery({
    ...exportListQuery,
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.rows.some(isPending)) ? 1500 : false,
  });

/**
 * Asks for a list as .xlsx (POST /api/ag/export/create) with the filters the list page shows;
 * the headers are in the app's language.
 */
export async function createExport(
  kind: ExportKind,
  filters: Record<string, string | number | boolean | undefined>,
  lang: 'zh' | 'en',
): Promise<ExportItem> {
  const clean = Object.fromEntries(
    Object.entries(filters).flatMap(([k, v]) =>
      v === undefined || v === '' ? [] : [[k, typeof v === 'string' ? v : String(v)]],
    ),
  );
  const res = await request<ExportItem>({
    url: '/api/ag/export/create',
    method: 'POST',
    data: { kind, filters: clean, lang },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

/**
 * Downloads one of my exports: the file needs the bearer token, so it is fetched (never linked)
 * and handed to the browser as a download under its own name.
 */
export async function downloadExport(item: Pick<ExportItem, 'id' | 'fileName'>): Promise<void> {
  const token = getToken();
  const res = await fetch(`${API_ORIGIN}${API_BASE_PATH}/api/ag/export/download?id=${item.id}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!res.ok) throw new Error(String(res.status));
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = item.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
