import type { QueryClient } from '@tanstack/react-query';

/**
 * After money moves (a withdrawal, a transfer between wallets, a payment), every figure that shows
 * a balance is out of date: the wallet, withdrawal and mall pages alike. Invalidated by key
 * prefix, so no feature needs to import another's keys.
 */
export function moneyMoved(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: ['wallet'] }),
    qc.invalidateQueries({ queryKey: ['withdrawals'] }),
    qc.invalidateQueries({ queryKey: ['mall'] }),
  ]);
}
