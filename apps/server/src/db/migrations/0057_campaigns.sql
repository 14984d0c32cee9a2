CREATE TABLE "campaign_details" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"number" text NOT NULL,
	"try_number" integer NOT NULL,
	"user_id" uuid,
	"trigger_action" text NOT NULL,
	"call_id" text,
	"call_record_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dialled_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"outcome" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_members" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"contact_channel_id" uuid,
	"number" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"tries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_participants" (
	"campaign_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_participants_campaign_id_user_id_pk" PRIMARY KEY("campaign_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"uuid_voice" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"list_id" uuid,
	"channel_account_id" uuid,
	"mode" text NOT NULL,
	"ratio" double precision NOT NULL,
	"calling_hours" jsonb NOT NULL,
	"retry" jsonb NOT NULL,
	"script" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaign_details" ADD CONSTRAINT "campaign_details_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_details" ADD CONSTRAINT "campaign_details_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_details" ADD CONSTRAINT "campaign_details_member_id_campaign_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."campaign_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_details" ADD CONSTRAINT "campaign_details_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_details" ADD CONSTRAINT "campaign_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_details" ADD CONSTRAINT "campaign_details_call_record_id_voice_calls_id_fk" FOREIGN KEY ("call_record_id") REFERENCES "public"."voice_calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_members" ADD CONSTRAINT "campaign_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_members" ADD CONSTRAINT "campaign_members_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_members" ADD CONSTRAINT "campaign_members_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_members" ADD CONSTRAINT "campaign_members_contact_channel_id_contact_channels_id_fk" FOREIGN KEY ("contact_channel_id") REFERENCES "public"."contact_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_participants" ADD CONSTRAINT "campaign_participants_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_participants" ADD CONSTRAINT "campaign_participants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_participants" ADD CONSTRAINT "campaign_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_list_id_broadcast_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."broadcast_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_channel_account_id_channel_accounts_id_fk" FOREIGN KEY ("channel_account_id") REFERENCES "public"."channel_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_details_campaign_idx" ON "campaign_details" USING btree ("campaign_id","started_at");--> statement-breakpoint
CREATE INDEX "campaign_details_contact_idx" ON "campaign_details" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_details_call_key" ON "campaign_details" USING btree ("company_id","call_id") WHERE "campaign_details"."call_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_details_open_member_key" ON "campaign_details" USING btree ("member_id") WHERE "campaign_details"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_details_open_user_key" ON "campaign_details" USING btree ("user_id") WHERE "campaign_details"."ended_at" is null and "campaign_details"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_members_contact_key" ON "campaign_members" USING btree ("campaign_id","contact_id");--> statement-breakpoint
CREATE INDEX "campaign_members_contact_idx" ON "campaign_members" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "campaign_members_waiting_idx" ON "campaign_members" USING btree ("campaign_id","next_attempt_at") WHERE "campaign_members"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "campaign_participants_user_idx" ON "campaign_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "campaigns_company_idx" ON "campaigns" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_running_idx" ON "campaigns" USING btree ("status") WHERE "campaigns"."status" = 'running';