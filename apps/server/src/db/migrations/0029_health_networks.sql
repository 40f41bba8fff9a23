CREATE TABLE "health_networks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"host" text,
	"portal_enabled" boolean DEFAULT false NOT NULL,
	"portal_sender_types" jsonb DEFAULT '["PATIENT","PROVIDER"]'::jsonb NOT NULL,
	"portal_colour" text,
	"portal_intro" text,
	"logo" text,
	CONSTRAINT "health_networks_code_unique" UNIQUE("code"),
	CONSTRAINT "health_networks_slug_unique" UNIQUE("slug"),
	CONSTRAINT "health_networks_host_unique" UNIQUE("host")
);
--> statement-breakpoint
CREATE INDEX "establishments_health_network_idx" ON "establishments" USING btree ("health_organisation_network");