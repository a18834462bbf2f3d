import {
  API_BASE_PATH,
  type CreateTicketRequest,
  type RateTicketRequest,
  type TicketDetail,
  type TicketImageUploaded,
  type TicketPage,
} from '@pos/core';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { API_ORIGIN, request } from '@/lib/api-client';
import { getToken } from '@/lib/storage';

export const ticketKeys = {
  all: ['ticket'] as const,
  list: (status: number | null) => ['ticket', 'list', status] as const,
  detail: (id: number) => ['ticket', 'detail', id] as const,
  image: (id: number) => ['ticket', 'image', id] as const,
};

/** The caller's tickets, newest first, a page at a time (GET /api/ag/ticket/list). */
export const ticketListQuery = (status: number | null) =>
  infiniteQueryOptions({
    queryKey: ticketKeys.list(status),
    queryFn: async ({ pageParam }) => {
      const res = await request<TicketPage>({
        url: '/api/ag/ticket/list',
        params: { cursor: pageParam ?? undefined, pageSize: 15, status: status ?? undefined },
        noShowMsg: true,
      });
      if (!res.data) throw new Error('empty response');
      return res.data;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useTicketList = (status: number | null) => useInfiniteQuery(ticketListQuery(status));

export const useTicket = (id: number) =>
  useQuery({
    queryKey: ticketKeys.detail(id),
    enabled: id > 0,
    queryFn: async () => {
      const res = await request<TicketDetail>({
        url: '/api/ag/ticket/detail',
        params: { id },
        quietMissing: true,
      });
      if (!res.data) throw new Error('empty response');
      return res.data;
    },
  });

/** Uploads one image for the ticket being written (POST /api/ag/ticket/image, multipart). */
export async function uploadTicketImage(file: File): Promise<TicketImageUploaded> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await request<TicketImageUploaded>({
    url: '/api/ag/ticket/image',
    method: 'POST',
    data: form,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export async function createTicket(body: CreateTicketRequest): Promise<number> {
  const res = await request<{ id: number }>({
    url: '/api/ag/ticket/create',
    method: 'POST',
    data: body,
    loading: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data.id;
}

export function useRateTicket(id: number) {
  const qc = useQueryClient();
  return async (body: Omit<RateTicketRequest, 'id'>) => {
    const res = await request<TicketDetail>({
      url: '/api/ag/ticket/rate',
      method: 'POST',
      data: { ...body, id },
      loading: true,
    });
    if (res.data) qc.setQueryData(ticketKeys.detail(id), res.data);
    void qc.invalidateQueries({ queryKey: ['ticket', 'list'] });
    return res.data;
  };
}

/**
 * An image of one of the caller's tickets as an object URL: images need the bearer token, so
 * they are fetched rather than linked.
 */
export const useTicketImage = (id: number) =>
  useQuery({
    queryKey: ticketKeys.image(id),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    queryFn: async () => {
      const token = getToken();
      const res = await fetch(`${API_ORIGIN}${API_BASE_PATH}/api/ag/ticket/image?id=${id}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        credentials: 'include',
      });
      if (!res.ok) throw new Error(String(res.status));
      return URL.createObjectURL(await res.blob());
    },
  });
