-- Issue 26, follow-up: SIM-fee (comm_fee) periods in the numbering of 0025. Before it, a fee
-- collected in the first year from activation was period 1, and so was the first anniversary's
-- (whole 365.25-day years, at least 1); now the first year is period 0 and the n-th anniversary
-- starts period n (Asia/Shanghai calendar years), the yearly job's CF-<terminal>-<n> in period n.
-- Rows left in the old numbering kept the first anniversary's period taken, so that fee was never
-- collected. Every SIM-fee row is numbered again, and where two now fall in one period the rule
-- of 0025 picks the one that counts: an acquirer's collection before the jobs' own, then the
-- earliest trade time, then the acquirer's id. A SIM fee once refused as a duplicate of its
-- (old) period takes part too, so one whose new period is free counts and is settled now.
CREATE TEMP TABLE fee_renumber ON COMMIT DROP AS
SELECT c.*,
       row_number() OVER (PARTITION BY c.terminal_id, c.period
                          ORDER BY c.own, c.collected_at, coalesce(c.acq, '') COLLATE "C") AS rn
  FROM (
    SELECT f.terminal_id, f.txn_id, f.amount_fen, f.merchant_id, f.agent_id, f.top_id, f.collected_at,
           f.acquirer_txn_id AS acq, true AS counted,
           GREATEST(0, extract(year FROM age(f.collected_at AT TIME ZONE 'Asia/Shanghai',
                                             coalesce(t.activated_at, t.bound_at, f.collected_at) AT TIME ZONE 'Asia/Shanghai'))::integer) AS period,
           coalesce(f.acquirer_txn_id LIKE 'SF-%' OR f.acquirer_txn_id LIKE 'CF-%', false) AS own
      FROM fee_collections f LEFT JOIN terminals t ON t.id = f.terminal_id
     WHERE f.kind = 'comm_fee'
    UNION ALL
    SELECT x.terminal_id, x.id, x.amount_fen, x.merchant_id, x.agent_id, x.top_id, x.trade_time,
           x.acquirer_txn_id, false,
           GREATEST(0, extract(year FROM age(x.trade_time AT TIME ZONE 'Asia/Shanghai',
                                             coalesce(t.activated_at, t.bound_at, x.trade_time) AT TIME ZONE 'Asia/Shanghai'))::integer),
           coalesce(x.acquirer_txn_id LIKE 'SF-%' OR x.acquirer_txn_id LIKE 'CF-%', false)
      FROM transactions x
      JOIN terminals t ON t.id = x.terminal_id
      JOIN policies p ON p.id = x.policy_id AND p.comm_fee_options_fen @> to_jsonb(x.amount_fen)
     WHERE x.flag = 'duplicate_fee' AND x.kind = 1 AND x.total_type = 9 AND x.status = 1
       AND x.merchant_id IS NOT NULL
  ) c;

DELETE FROM fee_collections WHERE kind = 'comm_fee';

INSERT INTO fee_collections (terminal_id, kind, period_index, amount_fen, merchant_id, agent_id, top_id, txn_id,
                             collected_at, acquirer_txn_id)
SELECT terminal_id, 'comm_fee', period, amount_fen, merchant_id, agent_id, top_id, txn_id, collected_at, acq
  FROM fee_renumber WHERE rn = 1;

-- One that counted and no longer does gives way as in 0025: recorded (the settlement of the one
-- that counts reverses what it paid, if that one is not settled yet; ledger health reports it
-- either way) and flagged.
INSERT INTO fee_supersessions (txn_id, terminal_id, kind, period_index, amount_fen, top_id, by_txn_id)
SELECT l.txn_id, l.terminal_id, 'comm_fee', l.period, l.amount_fen, l.top_id, w.txn_id
  FROM fee_renumber l
  JOIN fee_renumber w ON w.terminal_id = l.terminal_id AND w.period = l.period AND w.rn = 1
 WHERE l.rn > 1 AND l.counted AND l.txn_id IS NOT NULL AND w.txn_id IS NOT NULL
ON CONFLICT (txn_id) DO NOTHING;

UPDATE transactions t SET flag = 'fee_superseded'
  FROM fee_renumber l
 WHERE l.rn > 1 AND l.counted AND t.id = l.txn_id AND t.trade_time = l.collected_at AND t.flag IS NULL;

-- A former duplicate that counts now is settled like any counting fee.
UPDATE transactions t SET flag = NULL
  FROM fee_renumber w
 WHERE w.rn = 1 AND NOT w.counted AND t.id = w.txn_id AND t.trade_time = w.collected_at;

INSERT INTO settlement_queue (txn_id, trade_time)
SELECT w.txn_id, w.collected_at FROM fee_renumber w
 WHERE w.rn = 1 AND NOT w.counted
   AND NOT EXISTS (SELECT 1 FROM settlements s WHERE s.txn_id = w.txn_id)
ON CONFLICT DO NOTHING;
