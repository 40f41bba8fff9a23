CREATE TABLE "referral_verification_codes" (
	"referral_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "referral_verification_codes" ADD CONSTRAINT "referral_verification_codes_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_verification_codes" ADD CONSTRAINT "referral_verification_codes_issued_by_id_users_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;