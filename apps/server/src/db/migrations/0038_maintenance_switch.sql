CREATE TABLE "maintenance_switch" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"switched_on" boolean DEFAULT false NOT NULL,
	"message" text,
	"expected_end" timestamp with time zone,
	"switched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"switched_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "maintenance_switch_one_row" CHECK ("maintenance_switch"."id")
);
--> statement-breakpoint
ALTER TABLE "maintenance_switch" ADD CONSTRAINT "maintenance_switch_switched_by_users_id_fk" FOREIGN KEY ("switched_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every server process obeys the switch without reading it on each request: a change, from any process or
-- by hand in psql, is announced at commit on the channel every process already listens on (migration 0017,
-- db/caller-changes.ts) as 'service:maintenance', and each process reads the row again only then
-- (modules/maintenance/maintenance-switch.ts). TRUNCATE (the tests empty every table) is announced too.
CREATE FUNCTION maintenance_switch_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('caller_changes', 'service:maintenance');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER maintenance_switch_changes AFTER INSERT OR UPDATE OR DELETE ON maintenance_switch
  FOR EACH STATEMENT EXECUTE FUNCTION maintenance_switch_notify();
--> statement-breakpoint
CREATE TRIGGER maintenance_switch_truncate AFTER TRUNCATE ON maintenance_switch
  FOR EACH STATEMENT EXECUTE FUNCTION maintenance_switch_notify();
