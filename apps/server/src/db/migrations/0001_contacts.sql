CREATE TYPE "public"."message_direction" AS ENUM('in', 'out');--> statement-breakpoint
CREATE TABLE "contact_channels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"kind" "channel_kind" NOT NULL,
	"address" text NOT NULL,
	"address_digits_reversed" text,
	"main" boolean DEFAULT false NOT NULL,
	"responsible_id" uuid,
	"output_line_id" uuid,
	"blacklisted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_wallets" (
	"company_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	CONSTRAINT "contact_wallets_contact_id_wallet_id_pk" PRIMARY KEY("contact_id","wallet_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"document" text,
	"code" text,
	"protocol" text,
	"tag" text,
	"priority" smallint DEFAULT 1 NOT NULL,
	"critical" boolean DEFAULT false NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"reason" text,
	"return_at" timestamp with time zone,
	"responsible_id" uuid,
	"on_queue" boolean DEFAULT false NOT NULL,
	"queued_at" timestamp with time zone,
	"chatbot" boolean DEFAULT false NOT NULL,
	"first_response_pending" boolean DEFAULT false NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_text" text,
	"last_message_direction" "message_direction",
	"last_message_channel" "channel_kind",
	"unanswered_since" timestamp with time zone,
	"last_event" text,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"contact_channel_id" uuid,
	"kind" "channel_kind" NOT NULL,
	"direction" "message_direction" NOT NULL,
	"sender_user_id" uuid,
	"text" text NOT NULL,
	"provider_message_id" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"user_id" uuid,
	"scheduled_at" timestamp with time zone NOT NULL,
	"annotation" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_wallets" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	CONSTRAINT "user_wallets_user_id_wallet_id_pk" PRIMARY KEY("user_id","wallet_id")
);
--> statement-breakpoint
ALTER TABLE "contact_channels" ADD CONSTRAINT "contact_channels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_channels" ADD CONSTRAINT "contact_channels_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_channels" ADD CONSTRAINT "contact_channels_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_channels" ADD CONSTRAINT "contact_channels_output_line_id_channel_accounts_id_fk" FOREIGN KEY ("output_line_id") REFERENCES "public"."channel_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_wallets" ADD CONSTRAINT "contact_wallets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_wallets" ADD CONSTRAINT "contact_wallets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_wallets" ADD CONSTRAINT "contact_wallets_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_channel_id_contact_channels_id_fk" FOREIGN KEY ("contact_channel_id") REFERENCES "public"."contact_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_wallets" ADD CONSTRAINT "user_wallets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_wallets" ADD CONSTRAINT "user_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_wallets" ADD CONSTRAINT "user_wallets_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_channels_address_key" ON "contact_channels" USING btree ("company_id","kind","address");--> statement-breakpoint
CREATE INDEX "contact_channels_contact_idx" ON "contact_channels" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contact_channels_digits_idx" ON "contact_channels" USING btree ("company_id","address_digits_reversed" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_wallets_wallet_idx" ON "contact_wallets" USING btree ("wallet_id");--> statement-breakpoint
CREATE INDEX "contacts_default_order_idx" ON "contacts" USING btree ("company_id","critical","priority","last_message_at","id");--> statement-breakpoint
CREATE INDEX "contacts_unanswered_desc_idx" ON "contacts" USING btree ("company_id",coalesce("unanswered_since", '-infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "contacts_unanswered_asc_idx" ON "contacts" USING btree ("company_id",coalesce("unanswered_since", 'infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "contacts_name_order_idx" ON "contacts" USING btree ("company_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_online_order_idx" ON "contacts" USING btree ("company_id","online","last_message_at","id");--> statement-breakpoint
CREATE INDEX "contacts_priority_order_idx" ON "contacts" USING btree ("company_id","priority","last_message_at","id");--> statement-breakpoint
CREATE INDEX "contacts_critical_order_idx" ON "contacts" USING btree ("company_id","critical","last_message_at","id");--> statement-breakpoint
CREATE INDEX "contacts_unread_order_idx" ON "contacts" USING btree ("company_id","unread_count","last_message_at","id");--> statement-breakpoint
CREATE INDEX "contacts_responsible_idx" ON "contacts" USING btree ("company_id","responsible_id","last_message_at");--> statement-breakpoint
CREATE INDEX "contacts_waiting_idx" ON "contacts" USING btree ("company_id","priority","queued_at","id") WHERE "contacts"."on_queue" and "contacts"."responsible_id" is null;--> statement-breakpoint
CREATE INDEX "contacts_document_idx" ON "contacts" USING btree ("company_id","document" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_code_idx" ON "contacts" USING btree ("company_id","code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_protocol_idx" ON "contacts" USING btree ("company_id","protocol" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_tag_idx" ON "contacts" USING btree ("company_id",lower("tag"));--> statement-breakpoint
CREATE INDEX "messages_contact_idx" ON "messages" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_key" ON "messages" USING btree ("company_id","kind","provider_message_id");--> statement-breakpoint
CREATE INDEX "schedules_pending_idx" ON "schedules" USING btree ("company_id","contact_id") WHERE "schedules"."done_at" is null;