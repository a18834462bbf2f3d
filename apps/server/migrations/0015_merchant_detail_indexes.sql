-- The merchant detail reads a merchant's latest transactions and its volume from the daily
-- rollups; both by merchant.
CREATE INDEX transactions_merchant_idx ON transactions (merchant_id, trade_time DESC, id DESC)
  WHERE merchant_id IS NOT NULL;
CREATE INDEX terminal_daily_volume_merchant_idx ON terminal_daily_volume (merchant_id, day);
