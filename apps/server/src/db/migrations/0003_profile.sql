CREATE TABLE "specialties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"priority" integer NOT NULL,
	"practice" text NOT NULL,
	"field" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "professional_association" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "member_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "no_ahpra_and_professional_association" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "linkedin" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_notifications" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "specialties" ADD CONSTRAINT "specialties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "specialties_user_idx" ON "specialties" USING btree ("user_id","priority");