CREATE TABLE "case_conference_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_conference_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conference_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid,
	"participant_id" uuid,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_conference_participants" (
	"conference_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"side" text NOT NULL,
	"status" text NOT NULL,
	"invited_by_id" uuid,
	"last_read_event_id" bigint,
	"last_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_conference_participants_conference_id_user_id_pk" PRIMARY KEY("conference_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "case_conferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"referral_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"warned_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "case_conference_events" ADD CONSTRAINT "case_conference_events_conference_id_case_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."case_conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_conference_events" ADD CONSTRAINT "case_conference_events_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_conference_events" ADD CONSTRAINT "case_conference_events_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_conference_participants" ADD CONSTRAINT "case_conference_participants_conference_id_case_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."case_conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_conference_participants" ADD CONSTRAINT "case_conference_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_conference_participants" ADD CONSTRAINT "case_conference_participants_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_conference_participants" ADD CONSTRAINT "case_conference_participants_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_conferences" ADD CONSTRAINT "case_conferences_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_conferences" ADD CONSTRAINT "case_conferences_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_conferences" ADD CONSTRAINT "case_conferences_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_conference_events_thread_idx" ON "case_conference_events" USING btree ("conference_id","id");--> statement-breakpoint
CREATE INDEX "case_conference_events_messages_idx" ON "case_conference_events" USING btree ("conference_id","id","author_id") WHERE "case_conference_events"."kind" = 'message';--> statement-breakpoint
CREATE INDEX "case_conference_participants_user_idx" ON "case_conference_participants" USING btree ("user_id","establishment_id","conference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "case_conferences_active_referral_idx" ON "case_conferences" USING btree ("referral_id") WHERE "case_conferences"."status" = 'active';--> statement-breakpoint
CREATE INDEX "case_conferences_referral_idx" ON "case_conferences" USING btree ("referral_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "case_conferences_due_idx" ON "case_conferences" USING btree ("ends_at") WHERE "case_conferences"."status" = 'active';