import { STORAGE_KEYS, type OpenedPolicy } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { dataOf, policyKeys } from './policy-keys';

/** The signed-in agent's opened policies (GET /api/ag/agent/open/policy/info), kept as policyList. */
export async function getOwnPolicies(): Promise<OpenedPolicy[]> {
  const list = dataOf(await request<OpenedPolicy[]>({ url: '/api/ag/agent/open/policy/info' }));
  storage.set(STORAGE_KEYS.policyList, list);
  return list;
}

export const ownPoliciesQuery = () =>
  queryOptions({ queryKey: policyKeys.own(), queryFn: getOwnPolicies });

export const useOwnPolicies = () => useQuery(ownPoliciesQuery());
