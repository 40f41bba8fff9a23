CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"last_error" text,
	"outcome" text,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
-- Mail still waiting keeps its tries: each unsent message gets the job that delivers it, due when it was.
INSERT INTO "jobs" ("kind", "payload", "run_after", "attempts", "last_error", "outcome", "finished_at")
  SELECT 'mail.deliver', jsonb_build_object('mail_id', "id"), "send_after", "attempts", "last_error",
    CASE WHEN "attempts" >= 8 THEN 'given-up' END, CASE WHEN "attempts" >= 8 THEN now() END
  FROM "outgoing_mail" WHERE "sent_at" IS NULL;--> statement-breakpoint
DROP INDEX "outgoing_mail_due_idx";--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_after") WHERE "jobs"."finished_at" is null;--> statement-breakpoint
ALTER TABLE "outgoing_mail" DROP COLUMN "send_after";--> statement-breakpoint
ALTER TABLE "outgoing_mail" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "outgoing_mail" DROP COLUMN "last_error";