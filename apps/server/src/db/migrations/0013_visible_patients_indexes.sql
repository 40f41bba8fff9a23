-- 0010 declared these indexes in the schema and its snapshot but its hand-edited SQL never created them, so
-- every patient search read the establishment's whole range of visible_patients (found by EXPLAIN in
-- bench/patient-search.ts; db/schema-indexes.test.ts now compares the schema with the database).
CREATE INDEX IF NOT EXISTS "visible_patients_name_idx" ON "visible_patients" USING btree ("establishment_id","last_name_key","first_name_key","patient_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "visible_patients_last_name_prefix_idx" ON "visible_patients" USING btree ("establishment_id","last_name_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "visible_patients_first_name_prefix_idx" ON "visible_patients" USING btree ("establishment_id","first_name_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "visible_patients_medicare_prefix_idx" ON "visible_patients" USING btree ("establishment_id","pub_insurance_details" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "visible_patients_patient_idx" ON "visible_patients" USING btree ("patient_id");
