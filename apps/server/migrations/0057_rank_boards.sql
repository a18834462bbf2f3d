-- Rankings kept as boards (issue 32, decision 031 revised): each (tree, metric, period) ranking
-- is computed from the rollups by one statement, kept here with when it was computed, and read by
-- index (the top 20 by rank, the caller's own row by id) until it is older than
-- RANK_MAX_AGE_SECONDS or its period has moved on, when the next reader (or the rank-boards job,
-- for boards read in the last hour) computes it again. Both tables are derived from the rollups
-- and can be computed again at any time, so they are UNLOGGED: no WAL for a ranking, and after a
-- crash PostgreSQL empties them and the next read computes them afresh.
CREATE UNLOGGED TABLE rank_boards (
  -- The tree's top_id, or 0 for the platform-wide board operators read.
  board_id bigint NOT NULL,
  -- The shard key (decision 020): the tree's, or NULL for the platform's board.
  top_id bigint,
  metric text NOT NULL,
  period text NOT NULL,
  day_from date NOT NULL,
  day_to date NOT NULL,
  ranked integer NOT NULL,
  computed_at timestamptz NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (board_id, metric, period)
);

CREATE UNLOGGED TABLE rank_entries (
  board_id bigint NOT NULL,
  metric text NOT NULL,
  period text NOT NULL,
  agent_id bigint NOT NULL,
  -- The agent's tree (the shard key): the board's on a tree's board, each agent's own on the
  -- platform's.
  top_id bigint NOT NULL,
  -- The agent's figure over the period (never zero here: an agent without one has no row).
  v bigint NOT NULL,
  -- 1 for the largest; equal figures share a rank. Null: not ranked (a platform account, or a
  -- figure below zero), though its figure is still the agent's own.
  rk integer,
  PRIMARY KEY (board_id, metric, period, agent_id)
);

CREATE INDEX rank_entries_rank_idx ON rank_entries (board_id, metric, period, rk, agent_id)
  WHERE rk IS NOT NULL;
