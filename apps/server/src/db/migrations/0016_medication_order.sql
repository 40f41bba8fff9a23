ALTER TABLE "establishments" ADD COLUMN "digital_ordering" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "medication_order" jsonb;