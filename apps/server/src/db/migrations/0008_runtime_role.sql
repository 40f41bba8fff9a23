-- The server runs as a role of its own, not as the owner that runs these migrations (docs/security.md):
-- it reads and writes the application's tables, may only INSERT and SELECT on audit_log, and owns nothing,
-- so neither a bug nor injected SQL can TRUNCATE the audit, drop its trigger or change what it recorded.
-- The role is named after the database (<database>_app) because roles belong to the whole PostgreSQL
-- cluster, and two Referrals databases on one cluster must not share one.
--
-- Its login password is made once per database and kept in runtime_role.login, which only the owner can
-- read; the server sets it and signs in with it at start (src/db/runtime-role.ts).
CREATE SCHEMA runtime_role;
--> statement-breakpoint
CREATE TABLE runtime_role.login (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  password text NOT NULL
);
--> statement-breakpoint
DO $$
DECLARE
  app_role text := left(current_database() || '_app', 63);
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = app_role) THEN
    EXECUTE format('CREATE ROLE %I NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT', app_role);
  END IF;
  EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', app_role);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', app_role);
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', app_role);
  EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_log FROM %I', app_role);
  -- Tables and sequences later migrations create get the same grants; a table that must be append-only
  -- revokes them in its own migration, as this one does for audit_log.
  EXECUTE format(
    'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I', app_role);
  EXECUTE format(
    'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO %I', app_role);
END
$$;
--> statement-breakpoint
-- The row trigger of 0001 cannot see TRUNCATE, which removes every row at once; this one refuses it, for
-- the owner too (a second line behind the missing privilege).
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
