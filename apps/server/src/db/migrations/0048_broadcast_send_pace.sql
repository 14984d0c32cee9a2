CREATE TABLE "broadcast_send_pace" (
	"channel_account_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "broadcast_send_pace" ADD CONSTRAINT "broadcast_send_pace_channel_account_id_channel_accounts_id_fk" FOREIGN KEY ("channel_account_id") REFERENCES "public"."channel_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_send_pace" ADD CONSTRAINT "broadcast_send_pace_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;