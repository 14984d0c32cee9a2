ALTER TABLE "analytics_hourly" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_hourly_ratings_idx" ON "analytics_hourly" USING btree ("company_id","hour") WHERE "analytics_hourly"."rating_count" > 0;--> statement-breakpoint
-- A customer's satisfaction rating counts for the hour it was answered, for the attendant in whose name the
-- request went out (the one who resolved), on the request's channel kind; and for the company's total.
CREATE FUNCTION atende_analytics_rating(request csat_requests) RETURNS void
  LANGUAGE plpgsql
  AS $$
    DECLARE
      asked record;
      at_hour timestamptz := date_trunc('hour', request.answered_at, 'UTC');
      who uuid;
    BEGIN
      SELECT m.sender_user_id, m.kind::text AS kind INTO asked FROM messages m WHERE m.id = request.message_id;
      FOREACH who IN ARRAY ARRAY[coalesce(asked.sender_user_id, '00000000-0000-0000-0000-000000000000'),
        'ffffffff-ffff-ffff-ffff-ffffffffffff']::uuid[]
      LOOP
        INSERT INTO analytics_hourly AS h (company_id, user_id, kind, hour, first_response_histogram,
            resolution_histogram, rating_count, rating_sum)
          VALUES (request.company_id, who, coalesce(asked.kind, 'chat'), at_hour, array_fill(0, ARRAY[26]),
            array_fill(0, ARRAY[26]), 1, request.rating)
          ON CONFLICT (company_id, hour, user_id, kind) DO UPDATE SET
            rating_count = h.rating_count + 1, rating_sum = h.rating_sum + excluded.rating_sum;
      END LOOP;
    END
  $$;--> statement-breakpoint
CREATE FUNCTION atende_analytics_rating_answered() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM atende_analytics_rating(NEW); RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER csat_requests_analytics AFTER UPDATE OF rating ON csat_requests
  FOR EACH ROW WHEN (OLD.rating IS NULL AND NEW.rating IS NOT NULL AND NEW.answered_at IS NOT NULL)
  EXECUTE FUNCTION atende_analytics_rating_answered();--> statement-breakpoint
-- Ratings already answered.
SELECT atende_analytics_rating(r) FROM csat_requests r WHERE r.rating IS NOT NULL AND r.answered_at IS NOT NULL;
