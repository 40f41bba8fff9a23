CREATE TABLE "backend_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"establishment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"jwks" jsonb NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_client_id" text;--> statement-breakpoint
ALTER TABLE "backend_clients" ADD CONSTRAINT "backend_clients_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend_clients" ADD CONSTRAINT "backend_clients_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend_clients" ADD CONSTRAINT "backend_clients_revoked_by_id_users_id_fk" FOREIGN KEY ("revoked_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backend_clients_establishment_idx" ON "backend_clients" USING btree ("establishment_id","created_at" DESC NULLS LAST);