-- Rankings (issue 32): a tree's earnings over a day, week or month are one index range of
-- agent_daily_earnings by (top_id, day), as agent_daily_stats' (top_id, day) answers volume and
-- activations; the covering columns let the read skip the table.
CREATE INDEX agent_daily_earnings_top_day_idx ON agent_daily_earnings (top_id, day)
  INCLUDE (agent_id, info_type, amount_fen);
