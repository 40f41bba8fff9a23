CREATE TABLE "carers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"patient_id" uuid NOT NULL,
	"carer_type" integer DEFAULT 1 NOT NULL,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"relation" text,
	"emergency_contact" boolean DEFAULT false NOT NULL,
	"next_of_kin" boolean DEFAULT false NOT NULL,
	"email" text,
	"phone" text,
	"dob" date,
	"address_same_as_patient" boolean DEFAULT false NOT NULL,
	"address1" text,
	"address2" text,
	"city" text,
	"state" text,
	"postcode" text,
	"pub_insurance_details" text,
	"medicare_ref_num" text,
	"medicare_expiry_date" text
);
--> statement-breakpoint
CREATE TABLE "patient_concession_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"concession_number" text,
	"concession_other" text
);
--> statement-breakpoint
CREATE TABLE "directory_doctors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"establishment_id" uuid,
	"user_id" uuid,
	"created_by_id" uuid,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text NOT NULL,
	"provider_type" text,
	"provider_num_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"practice_name" text,
	"department_name" text,
	"email" text,
	"phone1" text,
	"address1" text,
	"city" text,
	"state" text DEFAULT 'NSW' NOT NULL,
	"postcode" text
);
--> statement-breakpoint
CREATE TABLE "patient_health_funds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"type" text,
	"health_fund_name" text NOT NULL,
	"health_fund_num" text
);
--> statement-breakpoint
CREATE TABLE "patient_external_ids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"system" text NOT NULL,
	"external_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_mrns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"number" text NOT NULL,
	"establishment_id" uuid NOT NULL,
	"receiving_establishment_id" uuid,
	"added_by_id" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "sex_nb_text" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "custom_gender" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "hospital_num" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "ndis" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "pp_refugee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "pp_out_home_care" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "pp_culturally_diverse" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "pp_other" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "is_aboriginal_status_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "is_residential_and_postal_address" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "postal_address1" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "postal_address2" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "postal_city" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "postal_state" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "postal_postcode" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "health_fund_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "health_fund_num" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "country_of_birth" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "is_advice_and_guidance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "status" text DEFAULT 'complete' NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "is_imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "created_by_id" uuid;--> statement-breakpoint
ALTER TABLE "carers" ADD CONSTRAINT "carers_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_concession_cards" ADD CONSTRAINT "patient_concession_cards_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_doctors" ADD CONSTRAINT "directory_doctors_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_doctors" ADD CONSTRAINT "directory_doctors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_doctors" ADD CONSTRAINT "directory_doctors_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_health_funds" ADD CONSTRAINT "patient_health_funds_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_external_ids" ADD CONSTRAINT "patient_external_ids_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_mrns" ADD CONSTRAINT "patient_mrns_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_mrns" ADD CONSTRAINT "patient_mrns_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_mrns" ADD CONSTRAINT "patient_mrns_receiving_establishment_id_establishments_id_fk" FOREIGN KEY ("receiving_establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_mrns" ADD CONSTRAINT "patient_mrns_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carers_patient_idx" ON "carers" USING btree ("patient_id","carer_type");--> statement-breakpoint
CREATE INDEX "patient_concession_cards_patient_idx" ON "patient_concession_cards" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "directory_doctors_establishment_role_idx" ON "directory_doctors" USING btree ("establishment_id","role","last_name");--> statement-breakpoint
CREATE INDEX "directory_doctors_last_name_prefix_idx" ON "directory_doctors" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patient_health_funds_patient_idx" ON "patient_health_funds" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_external_ids_patient_system_key" ON "patient_external_ids" USING btree ("patient_id","system");--> statement-breakpoint
CREATE INDEX "patient_mrns_patient_idx" ON "patient_mrns" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "patient_mrns_establishment_number_idx" ON "patient_mrns" USING btree ("establishment_id",lower("number") text_pattern_ops);--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_last_name_prefix_idx" ON "patients" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_first_name_prefix_idx" ON "patients" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_medicare_prefix_idx" ON "patients" USING btree ("pub_insurance_details" text_pattern_ops);