CREATE TABLE "channel_cursors" (
	"channel_account_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"cursor" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "credentials" text;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "public_key" text;--> statement-breakpoint
ALTER TABLE "channel_cursors" ADD CONSTRAINT "channel_cursors_channel_account_id_channel_accounts_id_fk" FOREIGN KEY ("channel_account_id") REFERENCES "public"."channel_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_cursors" ADD CONSTRAINT "channel_cursors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_accounts_public_key" ON "channel_accounts" USING btree ("public_key");