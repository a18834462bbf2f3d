import { TOTAL_TYPE, TXN_KIND, type TransactionNotificationParsed } from '@pos/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { rows, type Db } from '../src/db/client';
import { createSettlementFixture, type FixtureAgent } from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { ingestNotifications } from '../src/modules/transactions/ingest-notification';

/**
 * One generated set of acquirer facts (payments, refunds and reversals of them, deposits of one
 * terminal, the activation job's own among them), delivered to worlds of their own in any order,
 * and the earnings each world settled them to: the order property tests of issue 26.
 */

/** A fact, named apart from any delivery: `name` is the acquirer's id without the world's tag. */
export interface Fact {
  name: string;
  kind: number;
  orig?: string;
  terminal: 0 | 1;
  totalType: number;
  amountFen: number;
  at: number;
}

/** Sets of facts whose trade times start at `base`. */
export function factsFrom(base: number) {
  return fc
    .record({
      payments: fc.array(fc.integer({ min: 5_000, max: 2_000_000 }), {
        minLength: 1,
        maxLength: 4,
      }),
      refunds: fc.array(
        fc.record({
          of: fc.nat(),
          reversal: fc.boolean(),
          part: fc.integer({ min: 1, max: 1000 }),
          dt: fc.integer({ min: 1, max: 50 }),
        }),
        { maxLength: 5 },
      ),
      deposits: fc.array(
        fc.record({
          amount: fc.constantFrom(9900, 19900, 4800),
          dt: fc.integer({ min: 0, max: 20 }),
          own: fc.boolean(),
        }),
        { maxLength: 3 },
      ),
    })
    .map(({ payments, refunds, deposits }) => {
      const list: Fact[] = payments.map((amountFen, i) => ({
        name: `P${i}`,
        kind: TXN_KIND.PAYMENT,
        terminal: 0,
        totalType: 1,
        amountFen,
        at: base + i * 60_000,
      }));
      refunds.forEach((r, i) => {
        const p = list[r.of % payments.length]!;
        list.push({
          name: `R${i}`,
          kind: r.reversal ? TXN_KIND.REVERSAL : TXN_KIND.REFUND,
          orig: p.name,
          terminal: 0,
          totalType: 1,
          amountFen: r.reversal
            ? p.amountFen
            : Math.max(1, Math.floor((p.amountFen * r.part) / 2000)),
          at: p.at + r.dt * 1000,
        });
      });
      let own = false;
      deposits.forEach((d, i) => {
        // At most one deposit of the activation job's own (its id is one per terminal).
        const mine = d.own && !own;
        own ||= mine;
        list.push({
          name: mine ? 'SF' : `D${i}`,
          kind: TXN_KIND.PAYMENT,
          terminal: 1,
          totalType: TOTAL_TYPE.SERVICE_FEE,
          amountFen: d.amount,
          at: base + d.dt * 1000,
        });
      });
      return list;
    });
}

/** The same list in an order fixed by the seed. */
export function shuffled<T>(list: readonly T[], seed: number): T[] {
  const out = [...list];
  let s = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The facts in `order`, cut into acquirer lists of `size`; a list never holds a refund with its
 * original (the batcher sees to that), so such a list is split in two.
 */
export function listsOf(order: readonly Fact[], size: number): Fact[][] {
  const out: Fact[][] = [];
  for (let i = 0; i < order.length; i += size) {
    const parts: Fact[][] = [[]];
    for (const f of order.slice(i, i + size)) {
      if (f.orig && parts.at(-1)!.some((g) => g.name === f.orig)) parts.push([]);
      parts.at(-1)!.push(f);
    }
    out.push(...parts);
  }
  return out;
}

/** Settles whatever is queued, as the job would over time (waiting takes no time here). */
export async function settleAll(db: Db, batchSize: number) {
  for (let i = 0; i < 100; i++) {
    await makeDue(db);
    await runSettlement(db, { batchSize });
    if ((await queueLength(db)) === 0) return;
  }
  throw new Error('the queue never drained');
}

/** Time passes until the first waiting transaction is due (the order of the waits is kept). */
export async function makeDue(db: Db) {
  await db.execute(sql`
    UPDATE settlement_queue SET not_before = not_before - (SELECT min(not_before) - now() FROM settlement_queue)
     WHERE NOT EXISTS (SELECT 1 FROM settlement_queue WHERE not_before <= now())`);
}

export async function queueLength(db: Db) {
  const [q] = await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM settlement_queue`);
  return Number(q!.n);
}

/**
 * A world of its own for one delivery (a policy, merchant and two terminals under the chain):
 * it ingests lists of facts and reads what they earned.
 */
export async function orderWorld(
  db: Db,
  chain: readonly FixtureAgent[],
  base: number,
  tag: string,
) {
  const level = new Map(chain.map((c, i) => [c.id, i]));
  const fx = await createSettlementFixture(db, chain, {
    tag,
    terminals: 2,
    boundAt: new Date(base - 86_400_000),
  });
  const idOf = (name: string) => (name === 'SF' ? `SF-${fx.terminalIds[1]}` : `${tag}-${name}`);
  const nameOf = (acq: string) => (acq.startsWith('SF-') ? 'SF' : acq.slice(tag.length + 1));
  return {
    /** One acquirer list, ingested in one statement. */
    ingest: (list: readonly Fact[]) =>
      ingestNotifications(
        db,
        list.map((f): TransactionNotificationParsed => ({
          txnId: idOf(f.name),
          kind: f.kind,
          origTxnId: f.orig ? idOf(f.orig) : undefined,
          sn: fx.sns[f.terminal]!,
          amountFen: f.amountFen,
          payType: 1,
          totalType: f.totalType,
          cardType: 1,
          method: 1,
          status: 1,
          tradeTime: new Date(f.at).toISOString(),
        })),
      ),
    /**
     * The earnings per fact, agent level and kind, in fen (zero sums left out). A superseded
     * fee's reversal counts against the fee it reverses.
     */
    earnings: async (): Promise<Map<string, number>> => {
      const got = await rows<{
        acq: string;
        agent_id: unknown;
        info_type: string;
        amount: unknown;
      }>(
        db,
        sql`SELECT coalesce(st.acquirer_txn_id, t.acquirer_txn_id) AS acq, a.agent_id, l.info_type,
                   sum(l.amount_fen) AS amount
              FROM ledger_lines l
              JOIN ledger_accounts a ON a.id = l.account_id
              JOIN transactions t ON t.id = l.txn_id
              LEFT JOIN transactions st ON st.id = (l.detail ->> 'supersededTxnId')::bigint
             WHERE t.terminal_id = ANY(${sql.param(fx.terminalIds)}::bigint[]) AND a.agent_id IS NOT NULL
             GROUP BY 1, 2, 3`,
      );
      const out = new Map<string, number>();
      for (const g of got) {
        const key = `${nameOf(g.acq)} ${level.get(Number(g.agent_id))} ${g.info_type}`;
        out.set(key, (out.get(key) ?? 0) + Number(g.amount));
      }
      for (const [k, v] of out) if (v === 0) out.delete(k);
      return out;
    },
  };
}

/** Per payment and agent level: what it earned less what its refunds took back (never below 0). */
export function netPerPayment(list: readonly Fact[], earned: Map<string, number>) {
  const net = new Map<string, number>();
  for (const [k, v] of earned) {
    const [fact, lvl] = k.split(' ');
    const f = list.find((x) => x.name === fact)!;
    if (f.totalType !== 1) continue;
    const key = `${f.orig ?? f.name} ${lvl}`;
    net.set(key, (net.get(key) ?? 0) + v);
  }
  return net;
}
