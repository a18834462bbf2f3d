-- The purchase mall's other ways to pay (issue 11, decision 012): WeChat and Alipay through the
-- payment gateway, points, and free claims within a quota the platform grants.

-- One payment through the gateway's cashier. status: 0 awaiting the gateway, 1 paid and applied
-- to its order, 2 paid but not needed (the order was already paid or closed), refund requested,
-- 3 that refund done, 4 closed unpaid (its order was paid another way, cancelled or timed out).
CREATE TABLE mall_payments (
  id bigserial PRIMARY KEY,
  payment_no text NOT NULL UNIQUE,
  order_id bigint NOT NULL REFERENCES mall_orders(id),
  agent_id bigint NOT NULL REFERENCES agents(id),
  top_id bigint,
  pay_type smallint NOT NULL CHECK (pay_type IN (1, 2)),
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 4),
  trade_no text,
  entry_id bigint,
  refund_entry_id bigint,
  refund_reason text,
  paid_at timestamptz,
  refunded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mall_payments_order_idx ON mall_payments (order_id);
CREATE UNIQUE INDEX mall_payments_trade_idx ON mall_payments (pay_type, trade_no) WHERE trade_no IS NOT NULL;
CREATE INDEX mall_payments_refund_idx ON mall_payments (id) WHERE status = 2;

-- Terminals an agent may claim free; used grows when a free order is placed and shrinks when
-- it is cancelled before shipping.
CREATE TABLE mall_free_quotas (
  agent_id bigint PRIMARY KEY REFERENCES agents(id),
  top_id bigint,
  granted integer NOT NULL CHECK (granted >= 0),
  used integer NOT NULL DEFAULT 0 CHECK (used >= 0 AND used <= granted),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The goods value a free claim covers (the whole goods amount of a free order), and how many
-- quota units the order took.
ALTER TABLE mall_orders ADD COLUMN discount_fen bigint NOT NULL DEFAULT 0 CHECK (discount_fen >= 0);
ALTER TABLE mall_orders ADD COLUMN free_units integer NOT NULL DEFAULT 0 CHECK (free_units >= 0);

-- Money that came in through the gateway, and the points the platform has issued.
INSERT INTO ledger_accounts (kind, wallet_type) VALUES
  ('platform', 'mall_gateway'),
  ('platform', 'points_issued');

INSERT INTO system_params (key, name, value, public)
VALUES ('mall_rules', '商城规则（每台激活积分、邮费分）', '{"pointsPerActivation":100,"postageFen":1200}', false)
ON CONFLICT (key) DO NOTHING;
