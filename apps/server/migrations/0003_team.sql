-- Team: the rollups the team pages read, and the indexes that answer "my subtree's totals".
--
-- agent_daily_stats holds each agent's OWN figures per Asia/Shanghai day (settlement fills it;
-- the demo seed fills realistic rows). agent_monthly_stats is derived from it by the triggers
-- below, one row per agent and month, and carries the agent's materialised path so that the
-- totals of any subtree for a month are one index range scan:
--   month = M AND path ~>=~ '/1/7/' AND path ~<~ '/1/70'
-- (every path in the subtree of '/1/7/' starts with it, and '/' sorts just below '0').
-- Paths never change in this product (an agent is not moved to another parent); if that ever
-- changes, agent_monthly_stats_rebuild() rebuilds the derived table.

CREATE TABLE agent_daily_stats (
  agent_id bigint NOT NULL REFERENCES agents(id),
  top_id bigint NOT NULL,
  day date NOT NULL,
  trade_amount_fen bigint NOT NULL DEFAULT 0,
  trade_count integer NOT NULL DEFAULT 0,
  new_merchants integer NOT NULL DEFAULT 0,
  activated_terminals integer NOT NULL DEFAULT 0,
  PRIMARY KEY (agent_id, day)
);
CREATE INDEX agent_daily_stats_top_day_idx ON agent_daily_stats (top_id, day);

CREATE TABLE agent_monthly_stats (
  agent_id bigint NOT NULL REFERENCES agents(id),
  -- First day of the Asia/Shanghai month.
  month date NOT NULL,
  top_id bigint NOT NULL,
  path text NOT NULL,
  trade_amount_fen bigint NOT NULL DEFAULT 0,
  trade_count bigint NOT NULL DEFAULT 0,
  new_merchants bigint NOT NULL DEFAULT 0,
  activated_terminals bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (agent_id, month)
);
-- Covering: a subtree's monthly totals are an index-only range scan.
CREATE INDEX agent_monthly_stats_subtree_idx ON agent_monthly_stats (month, path text_pattern_ops)
  INCLUDE (trade_amount_fen, trade_count, new_merchants, activated_terminals);

-- A subtree's terminal counts (the terminals feature's terminal_stock_counts, migration 0002) as
-- an index-only range scan: the team list reads them once per direct sub-agent, and without the
-- counts in the index every range would also visit the table.
CREATE INDEX terminal_stock_counts_team_idx ON terminal_stock_counts (holder_path) INCLUDE (bind_status, n);

-- Set-based upkeep of the monthly rows: each statement on agent_daily_stats adds the difference it
-- made, grouped per agent and month, in one upsert (a settlement batch of N rows costs one
-- statement, not N). Rows are upserted in key order so concurrent batches lock them in the same
-- order. Transition tables need one trigger per event, hence three triggers sharing one function
-- whose branches each name only the tables their event has.
CREATE FUNCTION agent_monthly_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO agent_monthly_stats AS m
      (agent_id, month, top_id, path, trade_amount_fen, trade_count, new_merchants, activated_terminals)
    SELECT d.agent_id, date_trunc('month', d.day::timestamp)::date, a.top_id, a.path,
           sum(d.trade_amount_fen), sum(d.trade_count), sum(d.new_merchants), sum(d.activated_terminals)
      FROM new_rows d JOIN agents a ON a.id = d.agent_id
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2
    ON CONFLICT (agent_id, month) DO UPDATE SET
      trade_amount_fen = m.trade_amount_fen + EXCLUDED.trade_amount_fen,
      trade_count = m.trade_count + EXCLUDED.trade_count,
      new_merchants = m.new_merchants + EXCLUDED.new_merchants,
      activated_terminals = m.activated_terminals + EXCLUDED.activated_terminals;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO agent_monthly_stats AS m
      (agent_id, month, top_id, path, trade_amount_fen, trade_count, new_merchants, activated_terminals)
    SELECT d.agent_id, date_trunc('month', d.day::timestamp)::date, a.top_id, a.path,
           sum(d.trade_amount_fen), sum(d.trade_count), sum(d.new_merchants), sum(d.activated_terminals)
      FROM (
        SELECT agent_id, day, trade_amount_fen, trade_count, new_merchants, activated_terminals
          FROM new_rows
        UNION ALL
        SELECT agent_id, day, -trade_amount_fen, -trade_count, -new_merchants, -activated_terminals
          FROM old_rows
      ) d JOIN agents a ON a.id = d.agent_id
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2
    ON CONFLICT (agent_id, month) DO UPDATE SET
      trade_amount_fen = m.trade_amount_fen + EXCLUDED.trade_amount_fen,
      trade_count = m.trade_count + EXCLUDED.trade_count,
      new_merchants = m.new_merchants + EXCLUDED.new_merchants,
      activated_terminals = m.activated_terminals + EXCLUDED.activated_terminals;
  ELSE
    UPDATE agent_monthly_stats m SET
      trade_amount_fen = m.trade_amount_fen - d.trade_amount_fen,
      trade_count = m.trade_count - d.trade_count,
      new_merchants = m.new_merchants - d.new_merchants,
      activated_terminals = m.activated_terminals - d.activated_terminals
      FROM (
        SELECT agent_id, date_trunc('month', day::timestamp)::date AS month,
               sum(trade_amount_fen) AS trade_amount_fen, sum(trade_count) AS trade_count,
               sum(new_merchants) AS new_merchants, sum(activated_terminals) AS activated_terminals
          FROM old_rows
         GROUP BY 1, 2 ORDER BY 1, 2
      ) d
     WHERE m.agent_id = d.agent_id AND m.month = d.month;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER agent_daily_stats_insert AFTER INSERT ON agent_daily_stats
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_monthly_stats_apply();
CREATE TRIGGER agent_daily_stats_update AFTER UPDATE ON agent_daily_stats
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agent_monthly_stats_apply();
CREATE TRIGGER agent_daily_stats_delete AFTER DELETE ON agent_daily_stats
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_monthly_stats_apply();

-- Recomputes the derived monthly rows from the daily ones (repair, or after moving agents).
CREATE FUNCTION agent_monthly_stats_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM agent_monthly_stats;
  INSERT INTO agent_monthly_stats
    (agent_id, month, top_id, path, trade_amount_fen, trade_count, new_merchants, activated_terminals)
  SELECT d.agent_id, date_trunc('month', d.day::timestamp)::date, a.top_id, a.path,
         sum(d.trade_amount_fen), sum(d.trade_count), sum(d.new_merchants), sum(d.activated_terminals)
    FROM agent_daily_stats d JOIN agents a ON a.id = d.agent_id
   GROUP BY 1, 2, 3, 4;
$$;
