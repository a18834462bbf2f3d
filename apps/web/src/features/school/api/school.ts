import type { SchoolCategory, SchoolItemDetail, SchoolItemPage, SchoolSection } from '@pos/core';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export const schoolKeys = {
  all: ['school'] as const,
  categories: (section: SchoolSection) => ['school', 'categories', section] as const,
  items: (section: SchoolSection, categoryId: number | null) =>
    ['school', 'items', section, categoryId] as const,
  favourites: ['school', 'favourites'] as const,
  item: (id: number) => ['school', 'item', id] as const,
};

export const useSchoolCategories = (section: SchoolSection) =>
  useQuery({
    queryKey: schoolKeys.categories(section),
    queryFn: async () => {
      const res = await request<SchoolCategory[]>({
        url: '/api/ag/school/categories',
        params: { section },
        noShowMsg: true,
      });
      return res.data ?? [];
    },
  });

const pageFetcher =
  (url: string, params: Record<string, string | number | undefined>) =>
  async ({ pageParam }: { pageParam: string | null }) => {
    const res = await request<SchoolItemPage>({
      url,
      params: { ...params, cursor: pageParam ?? undefined, pageSize: 10 },
      noShowMsg: true,
    });
    if (!res.data) throw new Error('empty response');
    return res.data;
  };

/** A section's items, newest first, a page at a time (GET /api/ag/school/items). */
export const useSchoolItems = (section: SchoolSection, categoryId: number | null) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: schoolKeys.items(section, categoryId),
      queryFn: pageFetcher('/api/ag/school/items', {
        section,
        categoryId: categoryId ?? undefined,
      }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );

/** The caller's favourites, most recent first (GET /api/ag/school/favourites). */
export const useSchoolFavourites = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: schoolKeys.favourites,
      queryFn: pageFetcher('/api/ag/school/favourites', {}),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );

export const useSchoolItem = (id: number) =>
  useQuery({
    queryKey: schoolKeys.item(id),
    enabled: id > 0,
    queryFn: async () => {
      const res = await request<SchoolItemDetail>({
        url: '/api/ag/school/item',
        params: { id },
        quietMissing: true,
      });
      if (!res.data) throw new Error('empty response');
      return res.data;
    },
  });

/** Adds or removes a favourite, then refreshes what shows it. */
export function useToggleFavourite() {
  const qc = useQueryClient();
  return async (id: number, favourite: boolean) => {
    await request({
      url: '/api/ag/school/favourite',
      method: 'POST',
      data: { id, favourite },
    });
    void qc.invalidateQueries({ queryKey: schoolKeys.all });
  };
}

/** Records the download on the server and answers the material's images and text. */
export async function downloadMaterial(id: number): Promise<SchoolItemDetail> {
  const res = await request<SchoolItemDetail>({
    url: '/api/ag/school/download',
    method: 'POST',
    data: { id },
    loading: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}
