import type { MessageDetail, MessagePage, MessagePopup, MessageUnread } from '@pos/core';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export const messageKeys = {
  all: ['message'] as const,
  list: ['message', 'list'] as const,
  unread: ['message', 'unread'] as const,
  popup: ['message', 'popup'] as const,
  detail: (id: number) => ['message', 'detail', id] as const,
};

/** The caller's messages, newest first, a page at a time (GET /api/ag/message/list). */
export const messageListQuery = infiniteQueryOptions({
  queryKey: messageKeys.list,
  queryFn: async ({ pageParam }) => {
    const res = await request<MessagePage>({
      url: '/api/ag/message/list',
      params: { cursor: pageParam ?? undefined, pageSize: 15 },
      noShowMsg: true,
    });
    if (!res.data) throw new Error('empty response');
    return res.data;
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});
export const useMessageList = () => useInfiniteQuery(messageListQuery);

/** One message; reading it marks it read on the server, so the counts are refetched. */
export function useMessage(id: number) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: messageKeys.detail(id),
    enabled: id > 0,
    queryFn: async () => {
      const res = await request<MessageDetail>({
        url: '/api/ag/message/detail',
        params: { id },
        quietMissing: true,
      });
      if (!res.data) throw new Error('empty response');
      void qc.invalidateQueries({ queryKey: messageKeys.unread });
      void qc.invalidateQueries({ queryKey: messageKeys.list });
      return res.data;
    },
  });
}

/** How many of the caller's messages are unread (the badge on the mine tab). */
export const useUnreadMessages = (enabled = true) =>
  useQuery({
    queryKey: messageKeys.unread,
    enabled,
    queryFn: async () => {
      const res = await request<MessageUnread>({
        url: '/api/ag/message/unread',
        noShowMsg: true,
      });
      return res.data?.count ?? 0;
    },
  });

/** Important unread messages that have not popped up yet. */
export async function getPopupMessages(): Promise<MessagePopup['rows']> {
  const res = await request<MessagePopup>({ url: '/api/ag/message/popup', noShowMsg: true });
  return res.data?.rows ?? [];
}

/** Tells the server these popped up, so they never pop up again. */
export async function markPopped(ids: number[]): Promise<void> {
  await request({
    url: '/api/ag/message/popup',
    method: 'POST',
    data: { ids },
    noShowMsg: true,
  });
}
