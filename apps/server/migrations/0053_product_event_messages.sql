-- The product's own events as messages (issue 32, decision 043): a message to one agent about
-- something that happened to it (a daily earnings summary, a withdrawal approved, paid, failed or
-- rejected, terminals allocated, a recall to accept, an order shipped, a policy opened, an
-- identification reviewed). Written by the server in the transaction of the change itself, so
-- published_by is null; its text is kept in both languages and it links to the page concerned.
-- event_key names the event ('earnings:<agent>:<day>', 'withdrawal.paid:<id>', ...): one
-- message per event however often the code that makes it runs.
ALTER TABLE messages ALTER COLUMN published_by DROP NOT NULL;
ALTER TABLE messages
  ADD COLUMN agent_id bigint REFERENCES agents (id),
  ADD COLUMN kind text,
  ADD COLUMN link text,
  ADD COLUMN title_en text,
  ADD COLUMN body_en text,
  ADD COLUMN event_key text UNIQUE;
ALTER TABLE messages DROP CONSTRAINT messages_target_check;
ALTER TABLE messages ADD CONSTRAINT messages_target_check
  CHECK (target IN ('all', 'agents', 'level', 'tree', 'agent'));
ALTER TABLE messages ADD CONSTRAINT messages_product_event_check CHECK (
  (target = 'agent') = (agent_id IS NOT NULL)
  AND (agent_id IS NULL) = (published_by IS NOT NULL)
  AND (agent_id IS NULL OR (kind IS NOT NULL AND event_key IS NOT NULL)));
-- An agent's own messages by its id; the operators' messages keep their own index, so the many
-- per-agent rows never lengthen the scan of the ones aimed at everyone, a level or a tree.
CREATE INDEX messages_agent_idx ON messages (agent_id, published_at DESC, id DESC)
  WHERE agent_id IS NOT NULL;
DROP INDEX messages_published_idx;
CREATE INDEX messages_published_idx ON messages (published_at DESC, id DESC)
  WHERE agent_id IS NULL;
