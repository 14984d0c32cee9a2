ALTER TYPE "public"."channel_kind" ADD VALUE 'api';--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "last_inbound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "last_outbound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "last_error_at" timestamp with time zone;