/** Query keys of the withdrawals feature; mutations invalidate by these. */
export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  payPassword: () => ['withdrawals', 'pay-password'] as const,
  identity: () => ['withdrawals', 'identity'] as const,
  settleAccounts: () => ['withdrawals', 'settle-accounts'] as const,
  balances: () => ['withdrawals', 'balances'] as const,
  preview: (walletType: string, amountFen: number) =>
    ['withdrawals', 'preview', walletType, amountFen] as const,
  list: (status?: number) => ['withdrawals', 'list', status ?? 'all'] as const,
  detail: (id: number) => ['withdrawals', 'detail', id] as const,
};
