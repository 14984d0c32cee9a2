ALTER TABLE "call_reasons" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_actions" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_actions" ADD COLUMN "amount_rule" text DEFAULT 'optional' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_actions" ADD COLUMN "annotation_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jokers" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pause_reasons" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pause_reasons" ADD COLUMN "max_minutes" integer;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
-- Entries switched off before the Center existed stay out of the console: archived when they were last changed.
UPDATE "call_reasons" SET "archived_at" = "updated_at" WHERE NOT "active";--> statement-breakpoint
UPDATE "event_actions" SET "archived_at" = "updated_at" WHERE NOT "active";--> statement-breakpoint
UPDATE "jokers" SET "archived_at" = "updated_at" WHERE NOT "active";--> statement-breakpoint
UPDATE "pause_reasons" SET "archived_at" = "updated_at" WHERE NOT "active";--> statement-breakpoint
UPDATE "wallets" SET "archived_at" = "updated_at" WHERE NOT "active";--> statement-breakpoint
ALTER TABLE "call_reasons" DROP COLUMN "active";--> statement-breakpoint
ALTER TABLE "event_actions" DROP COLUMN "active";--> statement-breakpoint
ALTER TABLE "jokers" DROP COLUMN "active";--> statement-breakpoint
ALTER TABLE "pause_reasons" DROP COLUMN "active";--> statement-breakpoint
ALTER TABLE "wallets" DROP COLUMN "active";