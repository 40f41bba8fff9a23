CREATE TABLE "report_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"establishment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"report_body" text NOT NULL,
	"created_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"referral_id" uuid NOT NULL,
	"status" text DEFAULT 'DRFT' NOT NULL,
	"title" text NOT NULL,
	"report_body" text DEFAULT '' NOT NULL,
	"recipients" jsonb NOT NULL,
	"track_email_notification" boolean DEFAULT false NOT NULL,
	"signature_image" text,
	"author_id" uuid,
	"author_establishment_id" uuid NOT NULL,
	"recipient_establishment_id" uuid NOT NULL,
	"submitted_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_id" uuid,
	"recipient_unread" boolean DEFAULT false NOT NULL,
	"author_unread" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_files" ADD CONSTRAINT "report_files_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_files" ADD CONSTRAINT "report_files_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_author_establishment_id_establishments_id_fk" FOREIGN KEY ("author_establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_recipient_establishment_id_establishments_id_fk" FOREIGN KEY ("recipient_establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_files_report_idx" ON "report_files" USING btree ("report_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "report_templates_establishment_idx" ON "report_templates" USING btree ("establishment_id","name");--> statement-breakpoint
CREATE INDEX "reports_inbox_idx" ON "reports" USING btree ("recipient_establishment_id","status","submitted_at" DESC NULLS LAST,"id") WHERE "reports"."status" <> 'DRFT';--> statement-breakpoint
CREATE INDEX "reports_outbox_idx" ON "reports" USING btree ("author_establishment_id","status","submitted_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "reports_referral_idx" ON "reports" USING btree ("referral_id","created_at");