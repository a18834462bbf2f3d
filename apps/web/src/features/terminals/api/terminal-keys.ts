/** Query keys of the terminals feature; every mutation that moves stock invalidates `all`. */
export const terminalKeys = {
  all: ['terminals'] as const,
  brands: () => ['terminals', 'brands'] as const,
  summary: (holderAgentId?: number) => ['terminals', 'summary', holderAgentId ?? 'all'] as const,
  list: (filters: object) => ['terminals', 'list', filters] as const,
  info: (sn: string) => ['terminals', 'info', sn] as const,
  targets: (type: number, keyword: string) => ['terminals', 'targets', type, keyword] as const,
  operations: (filters: object) => ['terminals', 'operations', filters] as const,
  operation: (id: number) => ['terminals', 'operation', id] as const,
  merchants: (keyword: string) => ['terminals', 'merchants', keyword] as const,
};
