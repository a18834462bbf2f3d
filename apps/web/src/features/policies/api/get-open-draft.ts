import type { OpenDraft } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataOf, policyKeys } from './policy-keys';

/** What the open-policy form starts from (GET /api/ag/agent/open/policy/draft). */
export async function getOpenDraft(childId: number, policyId: number): Promise<OpenDraft> {
  return dataOf(
    await request<OpenDraft>({
      url: '/api/ag/agent/open/policy/draft',
      quietMissing: true,
      params: { childId, policyId },
    }),
  );
}

export const openDraftQuery = (childId: number, policyId: number) =>
  queryOptions({
    queryKey: policyKeys.draft(childId, policyId),
    queryFn: () => getOpenDraft(childId, policyId),
    // The form copies the draft once; a background refetch must not reset what the user typed.
    staleTime: Infinity,
  });

export const useOpenDraft = (childId: number | undefined, policyId: number | undefined) =>
  useQuery({
    ...openDraftQuery(childId ?? 0, policyId ?? 0),
    enabled: Boolean(childId && policyId),
  });
