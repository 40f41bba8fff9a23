-- A list's patient-name or MRN search (GET referrals/, GET reports/) finds the caller's establishment's
-- matching patients first, in visible_patients by name, then their referrals on the caller's side through an
-- index led by the patient; before, it looked up the patient of every referral of the inbox (issue 25,
-- docs/referrals.md Lists). referrals_patient_idx gains the sender's establishment; the receiver's side, the
-- referral's own MRN, the receiver's recalled drafts and deleted patients (whom visible_patients leaves out)
-- have indexes of their own. The reports indexes gain the referral's id, so that a reports list joins its
-- reports to their referrals from two index-only scans.
DROP INDEX "referrals_patient_idx";--> statement-breakpoint
DROP INDEX "reports_inbox_idx";--> statement-breakpoint
DROP INDEX "reports_outbox_idx";--> statement-breakpoint
CREATE INDEX "patients_deleted_last_name_idx" ON "patients" USING btree (lower("last_name") text_pattern_ops) WHERE "patients"."status" = 'deleted';--> statement-breakpoint
CREATE INDEX "patients_deleted_first_name_idx" ON "patients" USING btree (lower("first_name") text_pattern_ops) WHERE "patients"."status" = 'deleted';--> statement-breakpoint
CREATE INDEX "referrals_patient_receiver_idx" ON "referrals" USING btree ("patient_id","to_establishment_id") WHERE not "referrals"."is_deleted";--> statement-breakpoint
CREATE INDEX "referrals_sender_mrn_idx" ON "referrals" USING btree ("from_establishment_id",lower("mrn") text_pattern_ops) WHERE "referrals"."mrn" is not null and not "referrals"."is_deleted";--> statement-breakpoint
CREATE INDEX "referrals_receiver_mrn_idx" ON "referrals" USING btree ("to_establishment_id",lower("mrn") text_pattern_ops) WHERE "referrals"."mrn" is not null and not "referrals"."is_deleted";--> statement-breakpoint
CREATE INDEX "referrals_received_drafts_idx" ON "referrals" USING btree ("to_establishment_id") WHERE "referrals"."status" = 'DRFT' and "referrals"."submitted_at" is not null and not "referrals"."is_deleted";--> statement-breakpoint
CREATE INDEX "referrals_patient_idx" ON "referrals" USING btree ("patient_id","from_establishment_id");--> statement-breakpoint
CREATE INDEX "reports_inbox_idx" ON "reports" USING btree ("recipient_establishment_id","status","submitted_at" DESC NULLS LAST,"id","referral_id") WHERE "reports"."status" <> 'DRFT';--> statement-breakpoint
CREATE INDEX "reports_outbox_idx" ON "reports" USING btree ("author_establishment_id","status","submitted_at" DESC NULLS LAST,"id","referral_id");