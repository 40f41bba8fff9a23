CREATE TABLE "referral_reminders" (
	"referral_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_reminders_referral_id_kind_due_key_pk" PRIMARY KEY("referral_id","kind","due_key")
);
--> statement-breakpoint
ALTER TABLE "referral_reminders" ADD CONSTRAINT "referral_reminders_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;