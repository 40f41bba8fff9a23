CREATE TABLE "outgoing_mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "branding_logo" text;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "services" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "health_organisation_network" text;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "created_by_id" uuid;--> statement-breakpoint
ALTER TABLE "employments" ADD COLUMN "actioned_by" text;--> statement-breakpoint
ALTER TABLE "employments" ADD COLUMN "invited_by_id" uuid;--> statement-breakpoint
ALTER TABLE "employments" ADD COLUMN "invite_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employments" ADD COLUMN "special_access_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employments" ADD COLUMN "head_of_department_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "outgoing_mail_due_idx" ON "outgoing_mail" USING btree ("send_after") WHERE "outgoing_mail"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "employments" ADD CONSTRAINT "employments_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employments_open_key" ON "employments" USING btree ("user_id","establishment_id") WHERE "employments"."status" in ('UNVERIFIED', 'REQUESTED', 'INVITED', 'APPROVED');