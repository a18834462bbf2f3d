import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { moneyMoved } from './money-moved';

describe('moneyMoved', () => {
  it('marks every balance the app holds as out of date, in the wallet, withdrawal and mall pages', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['wallet', 'summary'], { availableFen: 100 });
    qc.setQueryData(['withdrawals', 'balances'], { wallets: [] });
    qc.setQueryData(['mall', 'wallet'], { goodsBalanceFen: 100 });
    qc.setQueryData(['team', 'list'], []);
    await moneyMoved(qc);
    expect(qc.getQueryState(['mall', 'wallet'])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['wallet', 'summary'])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['withdrawals', 'balances'])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['team', 'list'])?.isInvalidated).toBe(false);
  });
});
