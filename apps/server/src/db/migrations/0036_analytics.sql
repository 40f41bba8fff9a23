ALTER TABLE "referrals" ADD COLUMN "triaged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "referrals_received_submitted_idx" ON "referrals" USING btree ("to_establishment_id","submitted_at","from_establishment_id","status","is_recalled","return_reason","recall_reason","forwarded_reason") WHERE "referrals"."submitted_at" is not null and not "referrals"."is_deleted";--> statement-breakpoint
CREATE INDEX "referrals_sent_submitted_idx" ON "referrals" USING btree ("from_establishment_id","submitted_at","to_establishment_id") WHERE "referrals"."submitted_at" is not null and not "referrals"."is_deleted";--> statement-breakpoint
CREATE INDEX "referrals_received_triaged_idx" ON "referrals" USING btree ("to_establishment_id","triaged_at","triage_category","submitted_at") WHERE "referrals"."triaged_at" is not null and not "referrals"."is_deleted";--> statement-breakpoint
CREATE INDEX "referrals_received_appointment_idx" ON "referrals" USING btree ("to_establishment_id","appointment_date","status","triage_category","submitted_at") WHERE "referrals"."appointment_date" is not null and not "referrals"."is_deleted";--> statement-breakpoint
CREATE INDEX "referrals_waiting_idx" ON "referrals" USING btree ("to_establishment_id","submitted_at","status","triage_category") WHERE "referrals"."status" in ('SBMT', 'VWD', 'UPDT', 'ACPT', 'WLST') and not "referrals"."is_deleted";--> statement-breakpoint
-- The wait for triage of the referrals triaged before this column: the first accept, waitlist or schedule
-- in their history since their latest submission.
UPDATE "referrals" r SET "triaged_at" = (
  SELECT min(h."occurred_at") FROM "referral_history" h
  WHERE h."referral_id" = r."id" AND h."action" IN ('accept', 'waitlist', 'schedule', 'manual_schedule')
    AND h."occurred_at" >= r."submitted_at"
) WHERE r."submitted_at" IS NOT NULL AND r."status" IN ('ACPT', 'WLST', 'SCHDL', 'RTRN', 'FWRD');
