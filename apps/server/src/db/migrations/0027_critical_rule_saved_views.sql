CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"list" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_user_name_key" ON "saved_views" USING btree ("user_id",lower("name"));--> statement-breakpoint
-- What a company calls critical (issue 20, item 6), and contacts kept true to it: a trigger on the writes
-- that change the verdict, a sweep job for time passing, and this backfill for the contacts already there.
ALTER TABLE "companies" ADD COLUMN "critical_after_minutes" integer DEFAULT 60;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "critical_high_priority" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Whether a contact is critical by its company's rule (companies.critical_after_minutes, critical_high_priority).
CREATE FUNCTION atende_critical_by_rule(company uuid, unanswered_since timestamptz, priority smallint)
  RETURNS boolean
  LANGUAGE sql STABLE
  AS $$
    -- Each condition the company set must hold (none set: nothing is critical).
    SELECT (co.critical_after_minutes IS NOT NULL OR co.critical_high_priority)
           AND (co.critical_after_minutes IS NULL
                OR coalesce(unanswered_since <= now() - co.critical_after_minutes * interval '1 minute', false))
           AND (NOT co.critical_high_priority OR priority = 2)
    FROM companies co WHERE co.id = company
  $$;--> statement-breakpoint
-- Every write that answers a customer, makes one wait or changes a priority (ingest, sending, customer data,
-- whatever the module) leaves the contact's verdict true to the rule; time passing is the sweep's
-- (contacts/critical.ts).
CREATE FUNCTION atende_contact_critical() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      NEW.critical := atende_critical_by_rule(NEW.company_id, NEW.unanswered_since, NEW.priority);
      RETURN NEW;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER contacts_critical_by_rule BEFORE UPDATE OF unanswered_since, priority ON contacts
  FOR EACH ROW
  WHEN (OLD.unanswered_since IS DISTINCT FROM NEW.unanswered_since OR OLD.priority IS DISTINCT FROM NEW.priority)
  EXECUTE FUNCTION atende_contact_critical();--> statement-breakpoint
UPDATE contacts SET critical = atende_critical_by_rule(company_id, unanswered_since, priority)
  WHERE critical IS DISTINCT FROM atende_critical_by_rule(company_id, unanswered_since, priority);
