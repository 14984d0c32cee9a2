-- A conversation's life and ownership (issue 20, items 1 and 2): a status (open, snoozed, resolved) with
-- when a snooze ends and when it was resolved, and since when the responsible has it, who gave it and their
-- note. The per-responsible index takes the status after the responsible, so an attendant's lists read their
-- open conversations in order however many they resolved.
CREATE TYPE "public"."conversation_status" AS ENUM('open', 'snoozed', 'resolved');--> statement-breakpoint
DROP INDEX "contacts_default_order_assigned_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "responsible_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "assigned_by_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "assignment_note" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "status" "conversation_status" DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_default_order_assigned_idx" ON "contacts" USING btree ("company_id","responsible_id","status","critical","priority","last_message_at","id") WHERE "contacts"."responsible_id" is not null;--> statement-breakpoint
-- Owners before this migration: since their last change, the best there is.
UPDATE "contacts" SET "responsible_since" = "updated_at" WHERE "responsible_id" IS NOT NULL;