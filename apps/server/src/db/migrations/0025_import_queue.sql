CREATE TABLE "import_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_item_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"file" text,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"pages" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"establishment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message_id" text NOT NULL,
	"sender" text NOT NULL,
	"sender_name" text,
	"subject" text DEFAULT '' NOT NULL,
	"body_text" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"unread" boolean DEFAULT true NOT NULL,
	"assignee_id" uuid,
	"dismissed_reason" text,
	"other_dismissed_reason" text,
	"referral_id" uuid
);
--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "intake_sender_domains" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "manual_referrer" jsonb;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "import_item_id" uuid;--> statement-breakpoint
ALTER TABLE "import_activity" ADD CONSTRAINT "import_activity_item_id_import_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."import_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_activity" ADD CONSTRAINT "import_activity_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_activity" ADD CONSTRAINT "import_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_item_files" ADD CONSTRAINT "import_item_files_item_id_import_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."import_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_activity_item_idx" ON "import_activity" USING btree ("item_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_activity_establishment_idx" ON "import_activity" USING btree ("establishment_id","occurred_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "import_item_files_item_idx" ON "import_item_files" USING btree ("item_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "import_items_message_key" ON "import_items" USING btree ("establishment_id","message_id");--> statement-breakpoint
CREATE INDEX "import_items_queue_idx" ON "import_items" USING btree ("establishment_id","status","received_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "import_items_unread_idx" ON "import_items" USING btree ("establishment_id") WHERE "import_items"."unread" and "import_items"."status" = 'new';--> statement-breakpoint
CREATE INDEX "import_items_body_retention_idx" ON "import_items" USING btree ("received_at") WHERE "import_items"."body_text" is not null;