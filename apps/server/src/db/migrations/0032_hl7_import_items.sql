DROP INDEX "import_items_message_key";--> statement-breakpoint
ALTER TABLE "import_items" ADD COLUMN "message_details" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "import_items_message_key" ON "import_items" USING btree ("establishment_id","kind","message_id");