-- Evictions for the API processes' session caches (issue 12): whatever ends a session or changes
-- what its caller may see is announced on the channel pos_session_evict when it commits, and
-- every process listening forgets the session ("s:<session id>") or the agent's sessions
-- ("a:<agent id>"). The message goes out whichever code path made the change.
CREATE FUNCTION session_evict_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('pos_session_evict', 's:' || OLD.id::text);
    ELSIF NEW.revoked_at IS DISTINCT FROM OLD.revoked_at
       OR NEW.expires_at IS DISTINCT FROM OLD.expires_at
       OR NEW.agent_id IS DISTINCT FROM OLD.agent_id THEN
      PERFORM pg_notify('pos_session_evict', 's:' || NEW.id::text);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('pos_session_evict', 'a:' || OLD.id::text);
  ELSIF NEW.status IS DISTINCT FROM OLD.status
     OR NEW.role IS DISTINCT FROM OLD.role
     OR NEW.path IS DISTINCT FROM OLD.path
     OR NEW.top_id IS DISTINCT FROM OLD.top_id
     OR NEW.password_hash IS DISTINCT FROM OLD.password_hash
     OR NEW.must_change_password IS DISTINCT FROM OLD.must_change_password THEN
    PERFORM pg_notify('pos_session_evict', 'a:' || NEW.id::text);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_evict AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION session_evict_notify();
CREATE TRIGGER agents_evict AFTER UPDATE OR DELETE ON agents
  FOR EACH ROW EXECUTE FUNCTION session_evict_notify();
