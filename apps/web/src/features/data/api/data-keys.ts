/** Query keys of the data feature; pull-to-refresh invalidates `all` (or one branch of it). */
export const dataKeys = {
  all: ['data'] as const,
  overview: (month: string | undefined) => ['data', 'overview', month ?? 'now'] as const,
  report: (filters: object) => ['data', 'report', filters] as const,
  detail: (filters: object) => ['data', 'detail', filters] as const,
  children: (filters: object) => ['data', 'children', filters] as const,
  checks: ['data', 'checks'] as const,
  standard: (filters: object) => ['data', 'checks', 'standard', filters] as const,
  activation: (filters: object) => ['data', 'checks', 'activation', filters] as const,
  terminal: (sn: string) => ['data', 'checks', 'terminal', sn] as const,
  merchant: (id: number) => ['data', 'checks', 'merchant', id] as const,
};
