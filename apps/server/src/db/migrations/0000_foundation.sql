CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"establishment_id" uuid,
	"action" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text,
	"patient_id" uuid,
	"outcome" text NOT NULL,
	"ip" text,
	"request_id" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "establishments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"hospital_id" uuid,
	"slug" text,
	"phone1" text,
	"phone2" text,
	"address1" text,
	"address2" text,
	"city" text,
	"state" text DEFAULT 'NSW' NOT NULL,
	"postcode" text,
	"email" text,
	"website" text,
	"description" text,
	"is_approved" boolean DEFAULT false NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"accepts_join_requests" boolean DEFAULT false NOT NULL,
	"accepts_in_app_referrals" boolean DEFAULT false NOT NULL,
	"disable_auto_allocation" boolean DEFAULT false NOT NULL,
	"allows_shared_inbox_access" boolean DEFAULT false NOT NULL,
	"allows_cpl_and_shared_outbox_access" boolean DEFAULT false NOT NULL,
	"case_conferences_enabled" boolean DEFAULT false NOT NULL,
	"sms_enabled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"establishment_id" uuid NOT NULL,
	"doctor_id" uuid,
	"user_id" uuid,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"dob" date NOT NULL,
	"sex_at_birth" text,
	"sex" text,
	"email" text,
	"phone" text,
	"pref_contact_method" text DEFAULT 'SMS' NOT NULL,
	"pub_insurance_type" text DEFAULT 'MDCR' NOT NULL,
	"pub_insurance_details" text,
	"medicare_ref_num" text,
	"medicare_expiry_date" text,
	"address1" text,
	"address2" text,
	"city" text,
	"state" text DEFAULT 'NSW' NOT NULL,
	"postcode" text,
	"atsi" boolean DEFAULT false NOT NULL,
	"aboriginal_status" text,
	"ihi" text
);
--> statement-breakpoint
CREATE TABLE "employments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"user_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"priority" integer NOT NULL,
	"status" text DEFAULT 'UNVERIFIED' NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_verified_employee" boolean DEFAULT false NOT NULL,
	"is_head_of_department" boolean DEFAULT false NOT NULL,
	"has_special_access" boolean DEFAULT false NOT NULL,
	"has_shared_inbox_access" boolean DEFAULT false NOT NULL,
	"has_shared_outbox_access" boolean DEFAULT false NOT NULL,
	"can_send_referral" boolean DEFAULT true NOT NULL,
	"is_account_holder" boolean DEFAULT false NOT NULL,
	"signature" text,
	"user_tag" text,
	"user_tag_other" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"email" text NOT NULL,
	"user_type" text DEFAULT 'provider' NOT NULL,
	"title" text DEFAULT 'DR' NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"dob" date,
	"phone" text,
	"ahpra_num" text,
	"provider_num_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_provider_num" text,
	"default_provider_num_type" text,
	"qualification" text,
	"role" text,
	"sub_role" text,
	"profession" text,
	"registration_completed" boolean DEFAULT false NOT NULL,
	"session_expiry" integer,
	"current_establishment_id" uuid
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'DRFT' NOT NULL,
	"patient_id" uuid,
	"referrer_id" uuid,
	"from_establishment_id" uuid,
	"to_establishment_id" uuid,
	"assignee_id" uuid,
	"no_named_specialist" boolean DEFAULT false NOT NULL,
	"referrer_message" text,
	"receiver_message" text,
	"referrer_provider_num" text,
	"duration" integer DEFAULT 12 NOT NULL,
	"triage_priority" text,
	"appointment_date" timestamp with time zone,
	"appointment_location" text,
	"submitted_at" timestamp with time zone,
	"is_archived" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"is_forwarded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "establishments" ADD CONSTRAINT "establishments_hospital_id_establishments_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employments" ADD CONSTRAINT "employments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employments" ADD CONSTRAINT "employments_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_current_establishment_id_establishments_id_fk" FOREIGN KEY ("current_establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_from_establishment_id_establishments_id_fk" FOREIGN KEY ("from_establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_to_establishment_id_establishments_id_fk" FOREIGN KEY ("to_establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_patient_idx" ON "audit_log" USING btree ("patient_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_resource_idx" ON "audit_log" USING btree ("resource_type","resource_id");--> statement-breakpoint
CREATE INDEX "establishments_type_name_idx" ON "establishments" USING btree ("type","name");--> statement-breakpoint
CREATE INDEX "establishments_hospital_idx" ON "establishments" USING btree ("hospital_id");--> statement-breakpoint
CREATE UNIQUE INDEX "establishments_slug_key" ON "establishments" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "patients_establishment_name_idx" ON "patients" USING btree ("establishment_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "patients_establishment_dob_idx" ON "patients" USING btree ("establishment_id","dob");--> statement-breakpoint
CREATE INDEX "employments_user_idx" ON "employments" USING btree ("user_id","priority");--> statement-breakpoint
CREATE INDEX "employments_establishment_status_idx" ON "employments" USING btree ("establishment_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_ahpra_num_key" ON "users" USING btree ("ahpra_num") WHERE "users"."ahpra_num" is not null;--> statement-breakpoint
CREATE INDEX "referrals_inbox_idx" ON "referrals" USING btree ("to_establishment_id","status","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_outbox_idx" ON "referrals" USING btree ("from_establishment_id","status","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_patient_idx" ON "referrals" USING btree ("patient_id");