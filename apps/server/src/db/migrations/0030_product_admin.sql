CREATE TABLE "product_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"survey_period_days" integer DEFAULT 7 NOT NULL,
	"changelog_enabled" boolean DEFAULT true NOT NULL,
	"changelog_roles" text[] DEFAULT '{"super_admin","admin","supervisor","attendant"}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_settings_single_row" CHECK ("product_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonator_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_company_size_idx" ON "attachments" USING btree ("company_id","size");--> statement-breakpoint
-- The product's one settings row, with its defaults: read and changed, never inserted again.
INSERT INTO "product_settings" ("id") VALUES (1);--> statement-breakpoint
-- Deleting a super administrator removes their support sessions (the foreign key's cascade) through this.
CREATE INDEX "sessions_impersonator_idx" ON "sessions" ("impersonator_id") WHERE "impersonator_id" IS NOT NULL;
