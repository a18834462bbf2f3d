-- Issue 28: the console picks agents by what an operator knows of them, and lists transactions
-- by day without an SN.

-- The agent picker: a name or a mobile by its first characters (LIKE 'x%'); the invite code and
-- the id already have their unique indexes.
CREATE INDEX agents_name_prefix_idx ON agents (name text_pattern_ops);
CREATE INDEX agents_mobile_prefix_idx ON agents (mobile varchar_pattern_ops);

-- The console's transactions by China-time day, newest first, across every tree: each month
-- partition is read in trade-time order and only the partitions of the days asked for.
CREATE INDEX transactions_time_idx ON transactions (trade_time DESC, id DESC);
