/** Query keys of the merchants feature; every mutation invalidates `all`. */
export const merchantKeys = {
  all: ['merchants'] as const,
  list: (filters: object) => ['merchants', 'list', filters] as const,
  detail: (id: number) => ['merchants', 'detail', id] as const,
  summary: () => ['merchants', 'summary'] as const,
  terminalSummary: () => ['merchants', 'terminal-summary'] as const,
  breakdown: () => ['merchants', 'breakdown'] as const,
  terminals: (filters: object) => ['merchants', 'terminals', filters] as const,
  image: (id: number) => ['merchants', 'image', id] as const,
};
