CREATE TABLE "clinical_record_identities" (
	"system" text NOT NULL,
	"fhir_user" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinical_record_identities_system_fhir_user_pk" PRIMARY KEY("system","fhir_user")
);
--> statement-breakpoint
CREATE TABLE "clinical_record_launches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"state_hash" text NOT NULL,
	"code_verifier" text,
	"nonce" text,
	"user_id" uuid,
	"patient_id" text,
	"fhir_user" text,
	"access_token" text,
	"refresh_token" text,
	"token_expires_at" timestamp with time zone,
	"referral_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "clinical_summary" jsonb;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "clinical_record" jsonb;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "clinical_record_launch_id" uuid;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "clinical_record_filing" jsonb;--> statement-breakpoint
ALTER TABLE "clinical_record_identities" ADD CONSTRAINT "clinical_record_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_record_launches" ADD CONSTRAINT "clinical_record_launches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinical_record_identities_user_idx" ON "clinical_record_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinical_record_launches_state_key" ON "clinical_record_launches" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "clinical_record_launches_expires_idx" ON "clinical_record_launches" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "patient_external_ids_system_external_idx" ON "patient_external_ids" USING btree ("system","external_id");