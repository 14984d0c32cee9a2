CREATE TABLE "analytics_daily" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"attended" integer DEFAULT 0 NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	"first_response_count" integer DEFAULT 0 NOT NULL,
	"first_response_seconds" bigint DEFAULT 0 NOT NULL,
	"first_response_histogram" integer[] NOT NULL,
	"resolution_count" integer DEFAULT 0 NOT NULL,
	"resolution_seconds" bigint DEFAULT 0 NOT NULL,
	"resolution_histogram" integer[] NOT NULL,
	"pause_seconds" bigint DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"call_seconds" bigint DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_company_id_user_id_day_pk" PRIMARY KEY("company_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_days" (
	"company_id" uuid NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"fresh" boolean NOT NULL,
	CONSTRAINT "analytics_daily_days_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily_days" ADD CONSTRAINT "analytics_daily_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A change to an hourly row of a day that is over (by the clock, not the transaction's start) makes that day of
-- the company stale for analytics_daily. The upsert locks the day's marker row until this transaction ends: a
-- read summing the day (modules/analytics/daily.ts) locks the same row first, so it either waits for this change
-- and sums it, or sums before it and is marked stale by it. The hours of the current day are summed by no one
-- (a day is summed an hour after it ended), so the rollups' usual writes skip this trigger altogether.
CREATE FUNCTION atende_analytics_daily_stale() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      INSERT INTO analytics_daily_days (company_id, day, fresh)
        VALUES (NEW.company_id, date_trunc('day', NEW.hour, 'UTC'), false)
        ON CONFLICT (company_id, day) DO UPDATE SET fresh = false WHERE analytics_daily_days.fresh;
      RETURN NULL;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER analytics_hourly_daily_stale AFTER INSERT OR UPDATE ON analytics_hourly
  FOR EACH ROW WHEN (NEW.hour < date_trunc('day', clock_timestamp(), 'UTC'))
  EXECUTE FUNCTION atende_analytics_daily_stale();
