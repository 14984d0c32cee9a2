CREATE TABLE "csat_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"contact_channel_id" uuid,
	"message_id" uuid,
	"token" text NOT NULL,
	"rating" smallint,
	"comment" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "csat_requests_rating_range" CHECK ("csat_requests"."rating" is null or "csat_requests"."rating" between 1 and 5),
	CONSTRAINT "csat_requests_comment_length" CHECK (char_length("csat_requests"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "csat_requests" ADD CONSTRAINT "csat_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_requests" ADD CONSTRAINT "csat_requests_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_requests" ADD CONSTRAINT "csat_requests_contact_channel_id_contact_channels_id_fk" FOREIGN KEY ("contact_channel_id") REFERENCES "public"."contact_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_requests" ADD CONSTRAINT "csat_requests_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "csat_requests_contact_key" ON "csat_requests" USING btree ("company_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "csat_requests_token_key" ON "csat_requests" USING btree ("token");--> statement-breakpoint
CREATE INDEX "csat_requests_message_idx" ON "csat_requests" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "csat_requests_company_answered_idx" ON "csat_requests" USING btree ("company_id","answered_at");