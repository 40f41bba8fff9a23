CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"establishment_id" uuid,
	"scope" text NOT NULL,
	"action" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"subject_id" uuid,
	"subject_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"viewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"establishment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"tmsv" text DEFAULT '1.1' NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"establishment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"message_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"field" text,
	"note" text,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" uuid,
	"establishment_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"establishment_id" uuid,
	"user_id" uuid,
	"shared_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_sticky_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"referral_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"user_id" uuid,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "referrals_inbox_idx";--> statement-breakpoint
DROP INDEX "referrals_outbox_idx";--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "assignee_other" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "custom" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "automatic_renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "hide_referrer_contact_from_patient" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "hide_referrer_contact_from_assignee" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "hide_referrer_contact_from_others" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "show_appointment_details" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "email_notify_referrer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "email_notify_patient" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "email_copy_to_patient" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "email_copy_to_referrer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "receiver_email_notify_patient" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "receiver_email_notify_referrer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "receiver_remember_email_notify_settings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "forms" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "is_updated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "is_renew_referral" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "is_recalled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "is_rescheduled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "is_renewed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "imported_from" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "vitro_episode_id" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "palcare_uuid" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "mrn" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "gen_number" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "manual_gp" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "manual_internal_note" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "supervisor_name" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "supervisor_provider_number" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "supervisor_email" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "service_note" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "service_note_other" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "triage_waittime" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "triage_category" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "triage_level_or_tier" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "triage_notes" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "waitlist_period" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "waitlist_notes" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "other_return_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "recall_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "other_recall_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "recall_message" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "reschedule_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "other_reschedule_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "reschedule_list" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "reschedule_draft" jsonb;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "renewal_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "renewal_duration" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "renewed_from_referral_id" uuid;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "forwarded_from_referral_id" uuid;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "forwarded_to_establishment_id" uuid;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "forwarded_assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "forwarded_message" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "forwarded_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "other_forwarded_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "forwarded_no_named_specialist" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referral_receiver_establishment_address1" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referral_receiver_establishment_city" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referral_receiver_establishment_email" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referral_receiver_establishment_phone1" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referral_receiver_establishment_postcode" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referral_receiver_establishment_practice_name" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referral_receiver_establishment_department_name" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referral_receiver_establishment_state" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referral_receiver_establishment_type" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referral_receiver_first_name" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referral_receiver_last_name" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referral_receiver_title" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "sender_archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "receiver_archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "sender_deleted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "receiver_deleted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "receiver_unread" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "sender_unread" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_attachments" ADD CONSTRAINT "referral_attachments_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_attachments" ADD CONSTRAINT "referral_attachments_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_history" ADD CONSTRAINT "referral_history_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_history" ADD CONSTRAINT "referral_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_history" ADD CONSTRAINT "referral_history_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_shares" ADD CONSTRAINT "referral_shares_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_shares" ADD CONSTRAINT "referral_shares_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_shares" ADD CONSTRAINT "referral_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_shares" ADD CONSTRAINT "referral_shares_shared_by_id_users_id_fk" FOREIGN KEY ("shared_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_sticky_notes" ADD CONSTRAINT "referral_sticky_notes_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_sticky_notes" ADD CONSTRAINT "referral_sticky_notes_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_sticky_notes" ADD CONSTRAINT "referral_sticky_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_tags" ADD CONSTRAINT "referral_tags_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_tags" ADD CONSTRAINT "referral_tags_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_tags" ADD CONSTRAINT "referral_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "notifications_unseen_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."viewed_at" is null;--> statement-breakpoint
CREATE INDEX "form_templates_establishment_idx" ON "form_templates" USING btree ("establishment_id","position");--> statement-breakpoint
CREATE INDEX "message_templates_establishment_idx" ON "message_templates" USING btree ("establishment_id","message_type","name");--> statement-breakpoint
CREATE INDEX "referral_attachments_referral_idx" ON "referral_attachments" USING btree ("referral_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "referral_history_referral_idx" ON "referral_history" USING btree ("referral_id","occurred_at");--> statement-breakpoint
CREATE INDEX "referral_shares_referral_idx" ON "referral_shares" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "referral_shares_establishment_idx" ON "referral_shares" USING btree ("establishment_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referral_shares_user_idx" ON "referral_shares" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referral_sticky_notes_referral_idx" ON "referral_sticky_notes" USING btree ("referral_id","establishment_id");--> statement-breakpoint
CREATE INDEX "referral_tags_referral_idx" ON "referral_tags" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "referral_tags_user_idx" ON "referral_tags" USING btree ("user_id","referral_id");--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_renewed_from_referral_id_referrals_id_fk" FOREIGN KEY ("renewed_from_referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_forwarded_from_referral_id_referrals_id_fk" FOREIGN KEY ("forwarded_from_referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_forwarded_to_establishment_id_establishments_id_fk" FOREIGN KEY ("forwarded_to_establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_forwarded_assignee_id_users_id_fk" FOREIGN KEY ("forwarded_assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_inbox_all_idx" ON "referrals" USING btree ("to_establishment_id","submitted_at" DESC NULLS LAST,"id") WHERE not "referrals"."is_deleted";--> statement-breakpoint
CREATE INDEX "referrals_outbox_all_idx" ON "referrals" USING btree ("from_establishment_id","created_at" DESC NULLS LAST,"id") WHERE not "referrals"."is_deleted";--> statement-breakpoint
CREATE INDEX "referrals_forwarded_from_idx" ON "referrals" USING btree ("forwarded_from_referral_id");--> statement-breakpoint
CREATE INDEX "referrals_renewed_from_idx" ON "referrals" USING btree ("renewed_from_referral_id");--> statement-breakpoint
CREATE INDEX "referrals_inbox_idx" ON "referrals" USING btree ("to_establishment_id","status","submitted_at" DESC NULLS LAST,"id") WHERE not "referrals"."receiver_archived" and not "referrals"."receiver_deleted" and not "referrals"."is_deleted";--> statement-breakpoint
CREATE INDEX "referrals_outbox_idx" ON "referrals" USING btree ("from_establishment_id","status","submitted_at" DESC NULLS LAST,"id") WHERE not "referrals"."sender_archived" and not "referrals"."sender_deleted" and not "referrals"."is_deleted";--> statement-breakpoint
-- Archive became per side: a referral archived before this keeps that state on both sides.
UPDATE "referrals" SET "sender_archived" = "is_archived", "receiver_archived" = "is_archived";--> statement-breakpoint
ALTER TABLE "referrals" DROP COLUMN "is_archived";
