-- Issue 26: one ledger for one set of facts, whatever order the notifications arrive in.

-- A payment's refunds found by the acquirer's id of the payment, also while they wait for it
-- (a refund that arrives first learns the payment's own id only when it is settled).
CREATE INDEX transactions_orig_acq_idx ON transactions (orig_acquirer_txn_id)
  WHERE orig_acquirer_txn_id IS NOT NULL;

-- The fee that counts in a period is chosen by a rule on the facts: an acquirer's collection
-- before the jobs' own (SF-/CF-), then the earliest trade time (collected_at), then the
-- acquirer's id. A later-arriving fee that ranks first takes the period over.
ALTER TABLE fee_collections ADD COLUMN acquirer_txn_id text;
UPDATE fee_collections f SET acquirer_txn_id = k.acquirer_txn_id
  FROM transactions t JOIN transaction_keys k ON k.txn_id = t.id AND k.trade_time = t.trade_time
 WHERE t.id = f.txn_id AND t.trade_time = f.collected_at;

-- Fees that counted in their period until an earlier one arrived. settled_txn_id: the
-- settlement that dealt with it (the fee's own when it was settled as no longer counting, the
-- new fee's when it reversed what this one had paid); NULL while neither has happened.
CREATE TABLE fee_supersessions (
  txn_id bigint PRIMARY KEY,
  terminal_id bigint NOT NULL,
  kind text NOT NULL,
  period_index integer NOT NULL,
  amount_fen bigint NOT NULL,
  top_id bigint,
  by_txn_id bigint NOT NULL,
  settled_txn_id bigint,
  superseded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fee_supersessions_period_idx ON fee_supersessions (terminal_id, kind, period_index);
