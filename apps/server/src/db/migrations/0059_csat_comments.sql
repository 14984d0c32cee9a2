ALTER TABLE "csat_requests" ADD COLUMN "comment_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "csat_requests" ADD COLUMN "comment_message_id" text;--> statement-breakpoint
CREATE INDEX "csat_requests_comment_channel_idx" ON "csat_requests" USING btree ("contact_channel_id") WHERE "csat_requests"."comment_until" is not null;