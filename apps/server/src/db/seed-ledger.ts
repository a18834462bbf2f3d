import { sql } from 'drizzle-orm';
import { createSettlementFixture } from '../modules/settlement/fixtures';
import { runSettlement } from '../modules/settlement/run-settlement';
import {
  newTrafficState,
  nextNotification,
  pastTradeTime,
  seededRng,
} from '../modules/transactions/traffic';
import { rows, type Db } from './client';
import type { AgentRow } from './schema';

type Accounts = Record<'operator' | 'top' | 'child' | 'grandchild' | 'otherTop', AgentRow>;

/** How many days of history and how many notifications the demo starts with. */
const HISTORY_DAYS = 20;
const HISTORY_COUNT = 300;

/**
 * Demo transactions and earnings: about 300 notifications over the last 20 days for the bound
 * demo terminals (the terminals seed's), through the same rules as live traffic (payments of
 * every kind, failures, refunds), settled, so every demo wallet and ledger has history. When no
 * terminal is bound (the terminals and policies seeds made none), a small product is made for the
 * demo chain first (createSettlementFixture). Settlement adds these transactions to the trade
 * figures as it does live traffic's.
 * Keyed on the demo transactions: when any exists, nothing is written.
 */
export async function seedLedger(db: Db, accounts: Accounts) {
  const [exists] = await rows(
    db,
    sql`SELECT 1 FROM transaction_keys WHERE acquirer_txn_id LIKE 'DEMO%' LIMIT 1`,
  );
  if (exists) return;
  const now = new Date();
  await db.execute(sql`SELECT ledger_ensure_partitions(
    ((now() AT TIME ZONE 'Asia/Shanghai') - interval '2 months')::date, ((now() AT TIME ZONE 'Asia/Shanghai') + interval '3 months')::date)`);
  let terminals = await rows<{ sn: string }>(
    db,
    // Up to 30 bound terminals of each holder, so every demo agent's merchants have history.
    sql`SELECT sn FROM (
          SELECT t.sn, t.id, row_number() OVER (PARTITION BY t.holder_agent_id ORDER BY t.id) AS rn
            FROM terminals t JOIN agent_policies ap ON ap.agent_id = t.holder_agent_id AND ap.policy_id = t.policy_id
           WHERE t.bind_status IN (1, 3) AND t.deleted_at IS NULL AND t.merchant_id IS NOT NULL
        ) x WHERE rn <= 30 ORDER BY id`,
  );
  if (terminals.length === 0) {
    const { top, child, grandchild } = accounts;
    const chain = [top, child, grandchild].map((a) => ({
      id: a.id,
      path: a.path,
      topId: a.topId,
      parentId: a.parentId,
    }));
    const fx = await createSettlementFixture(db, chain, {
      tag: 'DEMO',
      terminals: 5,
      boundAt: new Date(now.getTime() - 40 * 86400e3),
    });
    terminals = fx.sns.map((sn) => ({ sn }));
  }
  const sns = terminals.map((t) => t.sn);
  const rng = seededRng(20261121);
  const state = newTrafficState();
  const bodies = Array.from({ length: HISTORY_COUNT }, () =>
    nextNotification(sns, state, rng, pastTradeTime(HISTORY_DAYS, now, rng), 'DEMO'),
  ).filter((b, i, all) => all.findIndex((x) => x.txnId === b.txnId) === i);
  // Refunds must come after their payments.
  bodies.sort(
    (a, b) =>
      (a.kind ?? 1) - (b.kind ?? 1) ||
      new Date(String(a.tradeTime)).getTime() - new Date(String(b.tradeTime)).getTime(),
  );
  const col = <T>(pick: (b: (typeof bodies)[number]) => T) => sql.param(bodies.map(pick));
  await db.transaction(async (tx) => {
    // Stored as ingestion stores them (attribution frozen to where each terminal is now), in bulk.
    await tx.execute(sql`
      WITH src AS (
        SELECT n.*, nextval('transactions_id_seq') AS id
          FROM unnest(${col((b) => b.txnId)}::text[], ${col((b) => b.kind ?? 1)}::smallint[], ${col((b) => b.origTxnId ?? null)}::text[],
                      ${col((b) => b.sn)}::text[], ${col((b) => b.amountFen)}::bigint[], ${col((b) => b.payType)}::smallint[],
                      ${col((b) => b.totalType)}::smallint[], ${col((b) => b.cardType)}::smallint[], ${col((b) => b.method)}::smallint[],
                      ${col((b) => b.status)}::smallint[], ${col((b) => b.cardNo ?? null)}::text[], ${col((b) => String(b.tradeTime))}::timestamptz[])
               WITH ORDINALITY AS n(txn_id, kind, orig, sn, amount_fen, pay_type, total_type, card_type, method, status, card_no, trade_time, ord)
         ORDER BY n.ord
      ), keyed AS (
        INSERT INTO transaction_keys (acquirer_txn_id, txn_id, trade_time) SELECT txn_id, id, trade_time FROM src RETURNING txn_id
      ), ins AS (
        INSERT INTO transactions (id, acquirer_txn_id, kind, orig_acquirer_txn_id, sn, terminal_id, merchant_id, agent_id, agent_path,
                                  top_id, policy_id, pay_type, total_type, card_type, method, status, amount_fen, merchant_rate_ppm,
                                  card_no_masked, trade_time)
        SELECT s.id, s.txn_id, s.kind, s.orig, s.sn, t.id, t.merchant_id, m.agent_id, m.agent_path, m.top_id, t.policy_id,
               s.pay_type, s.total_type, s.card_type, s.method, s.status, s.amount_fen,
               (SELECT mr.rate_ppm FROM merchant_rates mr WHERE mr.merchant_id = t.merchant_id AND mr.rate_type =
                  CASE s.total_type WHEN 1 THEN 1 WHEN 2 THEN 1 WHEN 3 THEN 2 WHEN 4 THEN 3 WHEN 5 THEN 4 WHEN 6 THEN 4 ELSE 5 END),
               CASE WHEN s.card_no IS NULL THEN NULL ELSE left(s.card_no, 6) || '******' || right(s.card_no, 4) END,
               s.trade_time
          FROM src s JOIN terminals t ON t.sn = s.sn JOIN merchants m ON m.id = t.merchant_id
        RETURNING id, trade_time, status
      )
      INSERT INTO settlement_queue (txn_id, trade_time) SELECT id, trade_time FROM ins WHERE status = 1 ORDER BY id`);
  });
  // Settled as live traffic is: the trade figures come from these transactions.
  await runSettlement(db, { batchSize: 5000, backdate: true });
}
