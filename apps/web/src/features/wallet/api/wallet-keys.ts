/** Query keys of the wallet feature; refreshing a wallet page invalidates `all`. */
export const walletKeys = {
  all: ['wallet'] as const,
  wallet: () => ['wallet', 'summary'] as const,
  ledger: (filters: object) => ['wallet', 'ledger', filters] as const,
  earning: (id: number) => ['wallet', 'earning', id] as const,
  earningsStats: (month: string | undefined) =>
    ['wallet', 'earningsStats', month ?? 'now'] as const,
  trades: (filters: object) => ['wallet', 'trades', filters] as const,
  trade: (id: number) => ['wallet', 'trade', id] as const,
  tradeStats: (month: string | undefined) => ['wallet', 'tradeStats', month ?? 'now'] as const,
};
