-- The patient search of a list (0020) reads the matching patients' referrals on the caller's side. Led by the
-- patient, that index took one descent into a different part of it per patient; led by the side's
-- establishment, the patients' entries lie together in a few pages, and the search answered about a third
-- more requests a second (docs/referrals.md Lists). referrals_patient_idx is back to the patient alone.
DROP INDEX "referrals_patient_receiver_idx";--> statement-breakpoint
DROP INDEX "referrals_patient_idx";--> statement-breakpoint
CREATE INDEX "referrals_sender_patient_idx" ON "referrals" USING btree ("from_establishment_id","patient_id") WHERE not "referrals"."is_deleted";--> statement-breakpoint
CREATE INDEX "referrals_receiver_patient_idx" ON "referrals" USING btree ("to_establishment_id","patient_id") WHERE not "referrals"."is_deleted";--> statement-breakpoint
CREATE INDEX "referrals_patient_idx" ON "referrals" USING btree ("patient_id");