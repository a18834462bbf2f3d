/** Query keys of the team feature; every mutation that changes a team invalidates `all`. */
export const teamKeys = {
  all: ['team'] as const,
  list: (filters: object) => ['team', 'list', filters] as const,
  detail: (id: number) => ['team', 'detail', id] as const,
  levels: () => ['team', 'levels'] as const,
  dept: (id?: number) => ['team', 'dept', id ?? 'me'] as const,
  stats: (id: number | undefined, month: string | undefined) =>
    ['team', 'stats', id ?? 'me', month ?? 'now'] as const,
  invitation: () => ['team', 'invitation'] as const,
};
