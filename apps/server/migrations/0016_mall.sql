-- The terminal purchase mall (issue 11): products the platform sells (a brand's model with price
-- tiers and stock), each agent's delivery addresses, orders with their lines. Stock is a counter
-- reserved by the statement that checks it; an unpaid order gives it back when it times out.
CREATE TABLE mall_products (
  id bigserial PRIMARY KEY,
  brand_id bigint NOT NULL REFERENCES brands(id),
  model text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  image_url text,
  -- [{minQty, unitPriceFen}], the first from 1 unit
  price_tiers jsonb NOT NULL,
  stock integer NOT NULL CHECK (stock >= 0),
  on_sale boolean NOT NULL DEFAULT false,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mall_addresses (
  id bigserial PRIMARY KEY,
  agent_id bigint NOT NULL REFERENCES agents(id),
  name text NOT NULL,
  mobile text NOT NULL,
  province text NOT NULL,
  city text NOT NULL,
  district text NOT NULL,
  detail text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mall_addresses_agent_idx ON mall_addresses (agent_id, id DESC);

-- status: 0 awaiting payment, 1 paid, 2 shipped, 3 received, 4 cancelled, 5 refunded
CREATE TABLE mall_orders (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  agent_id bigint NOT NULL REFERENCES agents(id),
  top_id bigint,
  agent_path text NOT NULL,
  status smallint NOT NULL CHECK (status BETWEEN 0 AND 5),
  pay_type smallint,
  shipping_way smallint NOT NULL,
  goods_fen bigint NOT NULL CHECK (goods_fen >= 0),
  shipping_fen bigint NOT NULL CHECK (shipping_fen >= 0),
  total_fen bigint NOT NULL CHECK (total_fen >= 0),
  address jsonb NOT NULL,
  pay_entry_id bigint,
  refund_entry_id bigint,
  operation_id bigint,
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  shipped_at timestamptz,
  received_at timestamptz,
  cancelled_at timestamptz,
  cancel_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mall_orders_agent_idx ON mall_orders (agent_id, id DESC);
CREATE INDEX mall_orders_status_idx ON mall_orders (status, id DESC);
CREATE INDEX mall_orders_expiry_idx ON mall_orders (expires_at) WHERE status = 0;
CREATE INDEX mall_orders_shipped_idx ON mall_orders (shipped_at) WHERE status = 2;

CREATE TABLE mall_order_items (
  order_id bigint NOT NULL REFERENCES mall_orders(id),
  product_id bigint NOT NULL REFERENCES mall_products(id),
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price_fen bigint NOT NULL CHECK (unit_price_fen >= 0),
  amount_fen bigint NOT NULL CHECK (amount_fen >= 0),
  PRIMARY KEY (order_id, product_id)
);
