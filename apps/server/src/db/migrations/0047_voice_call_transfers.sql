ALTER TYPE "public"."hangup_cause" ADD VALUE 'transferred';--> statement-breakpoint
ALTER TABLE "voice_calls" ADD COLUMN "transferred_to_id" uuid;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD COLUMN "transferred_from_id" uuid;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_transferred_to_id_users_id_fk" FOREIGN KEY ("transferred_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_transferred_from_id_voice_calls_id_fk" FOREIGN KEY ("transferred_from_id") REFERENCES "public"."voice_calls"("id") ON DELETE set null ON UPDATE no action;