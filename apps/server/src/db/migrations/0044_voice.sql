CREATE TYPE "public"."call_direction" AS ENUM('inbound', 'outbound', 'internal');--> statement-breakpoint
CREATE TYPE "public"."call_state" AS ENUM('ringing', 'in_progress', 'ended');--> statement-breakpoint
CREATE TYPE "public"."hangup_cause" AS ENUM('normal', 'busy', 'rejected', 'no_answer', 'cancelled', 'unavailable', 'failed');--> statement-breakpoint
CREATE TYPE "public"."hangup_side" AS ENUM('operator', 'customer', 'system');--> statement-breakpoint
CREATE TYPE "public"."pbx_kind" AS ENUM('embedded', 'external');--> statement-breakpoint
CREATE TABLE "phone_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"pbx" "pbx_kind" DEFAULT 'embedded' NOT NULL,
	"ws_url" text,
	"sip_domain" text NOT NULL,
	"ice_servers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wrap_up_seconds" integer DEFAULT 30 NOT NULL,
	"ring_timeout_seconds" integer DEFAULT 30 NOT NULL,
	"carrier_secret" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sip_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"username" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"call_id" text NOT NULL,
	"direction" "call_direction" NOT NULL,
	"type_id" integer NOT NULL,
	"state" "call_state" DEFAULT 'ringing' NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"operator_id" uuid,
	"contact_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"hold_seconds" integer DEFAULT 0 NOT NULL,
	"held_since" timestamp with time zone,
	"hangup_side" "hangup_side",
	"hangup_cause" "hangup_cause",
	"sip_status" integer,
	"reason_id" uuid,
	"notes" text,
	"recording_url" text,
	"classified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_calls_type_id_check" CHECK ("voice_calls"."type_id" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "phone_settings" ADD CONSTRAINT "phone_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_accounts" ADD CONSTRAINT "sip_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_accounts" ADD CONSTRAINT "sip_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_reason_id_call_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."call_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_settings_sip_domain_key" ON "phone_settings" USING btree ("sip_domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sip_accounts_user_key" ON "sip_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sip_accounts_username_key" ON "sip_accounts" USING btree ("company_id",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "voice_calls_call_id_key" ON "voice_calls" USING btree ("company_id","call_id");--> statement-breakpoint
CREATE INDEX "voice_calls_company_started_idx" ON "voice_calls" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "voice_calls_contact_idx" ON "voice_calls" USING btree ("contact_id","started_at");--> statement-breakpoint
CREATE INDEX "voice_calls_operator_idx" ON "voice_calls" USING btree ("operator_id","started_at");