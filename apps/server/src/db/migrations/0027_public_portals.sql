CREATE TABLE "external_draft_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" uuid NOT NULL,
	"file" text,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"field" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_referral_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"establishment_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"sender_type" text,
	"sender" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"patient" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"referrer_message" text,
	"forms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"consent" boolean DEFAULT false NOT NULL,
	"code_hash" text,
	"code_sent_at" timestamp with time zone,
	"code_failures" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"referral_id" uuid,
	CONSTRAINT "external_referral_drafts_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "used_captcha_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "portal_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "portal_sender_types" jsonb DEFAULT '["PATIENT","PROVIDER"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "portal_colour" text;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "portal_intro" text;--> statement-breakpoint
ALTER TABLE "external_draft_files" ADD CONSTRAINT "external_draft_files_draft_id_external_referral_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."external_referral_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_referral_drafts" ADD CONSTRAINT "external_referral_drafts_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_referral_drafts" ADD CONSTRAINT "external_referral_drafts_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_draft_files_draft_idx" ON "external_draft_files" USING btree ("draft_id","created_at");--> statement-breakpoint
CREATE INDEX "external_referral_drafts_expiry_idx" ON "external_referral_drafts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "used_captcha_challenges_expiry_idx" ON "used_captcha_challenges" USING btree ("expires_at");