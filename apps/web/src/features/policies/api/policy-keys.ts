/** Query keys of the policies feature; every mutation here invalidates `all`. */
export const policyKeys = {
  all: ['policies'] as const,
  own: () => ['policies', 'own'] as const,
  agentPolicy: (id: number) => ['policies', 'agent-policy', id] as const,
  candidates: (keyword: string) => ['policies', 'candidates', keyword] as const,
  draft: (childId: number, policyId: number) => ['policies', 'draft', childId, policyId] as const,
  opened: (childId?: number) => ['policies', 'opened', childId ?? 'all'] as const,
  rateMerchants: (keyword: string) => ['policies', 'rate-merchants', keyword] as const,
  merchantRates: (merchantId: number) => ['policies', 'merchant-rates', merchantId] as const,
  rateChanges: (filters: object) => ['policies', 'rate-changes', filters] as const,
  rateChange: (id: number) => ['policies', 'rate-change', id] as const,
  feeTerminals: (kind: number, policyId?: number) =>
    ['policies', 'fee-terminals', kind, policyId ?? 'all'] as const,
  feeChanges: (filters: object) => ['policies', 'fee-changes', filters] as const,
  feeChange: (id: number) => ['policies', 'fee-change', id] as const,
  priceShares: () => ['policies', 'price-shares'] as const,
  priceShare: (childId: number, policyId: number) =>
    ['policies', 'price-share', childId, policyId] as const,
  received: () => ['policies', 'received'] as const,
  receivedInfo: (policyId: number) => ['policies', 'received', policyId] as const,
};

/** Reads the data of a successful envelope; a 200 without data is a broken answer. */
export function dataOf<T>(res: { data?: T }): T {
  if (res.data === undefined) throw new Error('empty response');
  return res.data;
}

/** A change is still with the acquirer while applying (0) or processing (1). */
export const inFlight = (status: number | undefined) => status === 0 || status === 1;

/** How often a page showing a change in flight asks again. */
export const IN_FLIGHT_POLL_MS = 1500;
