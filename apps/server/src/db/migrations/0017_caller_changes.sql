-- Every signed-in call's session check (auth-sessions.ts) reads the session, the user row and the user's
-- employments with their establishments. Each server process remembers that read (session-check-cache.ts)
-- and must forget it the moment any of it changes, whichever process or tool changed it: these triggers
-- announce each change on the channel `caller_changes`, and every process listens (db/database.ts).
-- The payload names what changed: 'session:<grant id>', 'user:<user id>', or 'all'. NOTIFY is sent at
-- commit (never for a rolled-back change) and the same payload twice in one transaction is sent once.
-- The triggers run as whoever writes, the runtime role too: pg_notify needs no privilege, and functions
-- may be executed by PUBLIC.
CREATE FUNCTION caller_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    -- TRUNCATE removes rows without row triggers: forget everything.
    PERFORM pg_notify('caller_changes', 'all');
  ELSIF TG_TABLE_NAME = 'auth_sessions' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('caller_changes', 'session:' || OLD.grant_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('caller_changes', 'session:' || NEW.grant_id); END IF;
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('caller_changes', 'user:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'employments' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('caller_changes', 'user:' || OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('caller_changes', 'user:' || NEW.user_id); END IF;
  ELSE
    -- An establishment's type or hospital is part of every employee's remembered check.
    PERFORM pg_notify('caller_changes', 'all');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER caller_changes_auth_sessions AFTER INSERT OR UPDATE OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION caller_changes_notify();
--> statement-breakpoint
CREATE TRIGGER caller_changes_users AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION caller_changes_notify();
--> statement-breakpoint
CREATE TRIGGER caller_changes_employments AFTER INSERT OR UPDATE OR DELETE ON employments
  FOR EACH ROW EXECUTE FUNCTION caller_changes_notify();
--> statement-breakpoint
CREATE TRIGGER caller_changes_establishments AFTER UPDATE OF type, hospital_id ON establishments
  FOR EACH ROW WHEN (OLD.type IS DISTINCT FROM NEW.type OR OLD.hospital_id IS DISTINCT FROM NEW.hospital_id)
  EXECUTE FUNCTION caller_changes_notify();
--> statement-breakpoint
CREATE TRIGGER caller_changes_truncate AFTER TRUNCATE ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION caller_changes_notify();
--> statement-breakpoint
CREATE TRIGGER caller_changes_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION caller_changes_notify();
--> statement-breakpoint
CREATE TRIGGER caller_changes_truncate AFTER TRUNCATE ON employments
  FOR EACH STATEMENT EXECUTE FUNCTION caller_changes_notify();
--> statement-breakpoint
CREATE TRIGGER caller_changes_truncate AFTER TRUNCATE ON establishments
  FOR EACH STATEMENT EXECUTE FUNCTION caller_changes_notify();
