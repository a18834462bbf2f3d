import type { AgreementDoc, ContentText, ContentTextKey, FaqEntry } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/**
 * A long text the console publishes (GET /api/ag/content/text): the FAQ, the user agreement or
 * the privacy policy in one language. No token: the agreement is read before signing in.
 */
export async function getContentText(key: ContentTextKey, lang: 'zh' | 'en') {
  const res = await request<ContentText>({
    url: '/api/ag/content/text',
    params: { key, lang },
    noToken: true,
    noShowMsg: true,
  });
  return res.data!;
}

export const contentTextQuery = (key: ContentTextKey, lang: 'zh' | 'en') =>
  queryOptions({
    queryKey: ['content-text', key, lang],
    queryFn: () => getContentText(key, lang),
    staleTime: 10 * 60_000,
  });

export const useFaq = (lang: 'zh' | 'en') => {
  const q = useQuery(contentTextQuery('faq', lang));
  return { ...q, data: q.data?.body as FaqEntry[] | undefined };
};

export const useAgreement = (key: 'agreement' | 'privacy', lang: 'zh' | 'en') => {
  const q = useQuery(contentTextQuery(key, lang));
  return { ...q, data: q.data?.body as AgreementDoc | undefined };
};
