ALTER TABLE "campaign_members" ADD COLUMN "time_zone" text;--> statement-breakpoint
-- Abandoned and failed calls take retry rules: campaigns made before keep what they did (no retry).
UPDATE "campaigns" SET "retry" = jsonb_build_object('abandoned', jsonb_build_object('after_minutes', 60, 'max_tries', 1), 'failed', jsonb_build_object('after_minutes', 60, 'max_tries', 1)) || "retry";
