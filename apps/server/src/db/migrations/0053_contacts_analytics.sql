CREATE TABLE "analytics_attendances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" "channel_kind",
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"first_response_seconds" integer,
	"resolution_seconds" integer NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_hourly" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
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
	"call_seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_attendances" ADD CONSTRAINT "analytics_attendances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_attendances" ADD CONSTRAINT "analytics_attendances_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD CONSTRAINT "analytics_hourly_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_attendances_company_idx" ON "analytics_attendances" USING btree ("company_id","finished_at","id");--> statement-breakpoint
CREATE INDEX "analytics_attendances_user_idx" ON "analytics_attendances" USING btree ("company_id","user_id","finished_at","id");--> statement-breakpoint
CREATE INDEX "analytics_attendances_contact_idx" ON "analytics_attendances" USING btree ("contact_id","finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_hourly_key" ON "analytics_hourly" USING btree ("company_id","hour","user_id","kind");--> statement-breakpoint
CREATE INDEX "analytics_hourly_user_idx" ON "analytics_hourly" USING btree ("company_id","user_id","hour");--> statement-breakpoint
-- Contacts analytics (issue 28): the rollups are kept by the triggers below, in the transaction of each event,
-- whatever code path writes it. A response or resolution time falls in one of these log-scale buckets
-- (seconds; bucket i holds [b[i], b[i+1])): the median and p90 are read from the sum of the histograms.
CREATE FUNCTION atende_analytics_bucket(seconds integer) RETURNS integer
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT width_bucket(greatest(seconds, 0), ARRAY[0,5,10,20,30,45,60,90,120,180,300,450,600,900,1200,1800,
      2700,3600,7200,14400,28800,57600,86400,172800,345600,604800])
  $$;--> statement-breakpoint
-- Adds to the hour's row of (company, attendant, kind): the nil UUID stands for no attendant.
CREATE FUNCTION atende_analytics_add(company uuid, attendant uuid, channel text, at timestamptz,
    add_attended integer, add_in integer, add_out integer, response integer, resolution integer,
    add_pause bigint, add_calls integer, add_call_seconds bigint) RETURNS void
  LANGUAGE plpgsql
  AS $$
    DECLARE
      at_hour timestamptz := date_trunc('hour', at, 'UTC');
      who uuid;
      response_bucket integer := coalesce(atende_analytics_bucket(response), 1);
      resolution_bucket integer := coalesce(atende_analytics_bucket(resolution), 1);
    BEGIN
      -- The attendant's row (the nil UUID: nobody's), and the company's total (the all-ones UUID), which the
      -- whole company's numbers read instead of every attendant's rows.
      FOREACH who IN ARRAY ARRAY[coalesce(attendant, '00000000-0000-0000-0000-000000000000'),
        'ffffffff-ffff-ffff-ffff-ffffffffffff']::uuid[]
      LOOP
      INSERT INTO analytics_hourly (company_id, user_id, kind, hour, first_response_histogram, resolution_histogram)
        VALUES (company, who, channel, at_hour, array_fill(0, ARRAY[26]), array_fill(0, ARRAY[26]))
        ON CONFLICT (company_id, hour, user_id, kind) DO NOTHING;
      UPDATE analytics_hourly SET
        attended = attended + add_attended,
        messages_in = messages_in + add_in,
        messages_out = messages_out + add_out,
        first_response_count = first_response_count + (response IS NOT NULL)::integer,
        first_response_seconds = first_response_seconds + coalesce(response, 0),
        first_response_histogram[response_bucket] =
          first_response_histogram[response_bucket] + (response IS NOT NULL)::integer,
        resolution_count = resolution_count + (resolution IS NOT NULL)::integer,
        resolution_seconds = resolution_seconds + coalesce(resolution, 0),
        resolution_histogram[resolution_bucket] =
          resolution_histogram[resolution_bucket] + (resolution IS NOT NULL)::integer,
        pause_seconds = pause_seconds + add_pause,
        calls = calls + add_calls,
        call_seconds = call_seconds + add_call_seconds
      WHERE company_id = company AND hour = at_hour AND user_id = who AND kind = channel;
      END LOOP;
    END
  $$;--> statement-breakpoint
-- How long the customer waited for this reply: from the first of their messages since the previous reply
-- (in the conversation's order: created_at, id); null when the previous message was a reply too.
CREATE FUNCTION atende_analytics_response(contact uuid, at timestamptz, message uuid) RETURNS integer
  LANGUAGE plpgsql STABLE
  AS $$
    DECLARE
      last_out record;
      waiting_since timestamptz;
    BEGIN
      SELECT created_at, id INTO last_out FROM messages
        WHERE contact_id = contact AND NOT internal AND direction = 'out' AND (created_at, id) < (at, message)
        ORDER BY created_at DESC, id DESC LIMIT 1;
      SELECT created_at INTO waiting_since FROM messages
        WHERE contact_id = contact AND NOT internal AND direction = 'in' AND (created_at, id) < (at, message)
          AND (last_out.id IS NULL OR (created_at, id) > (last_out.created_at, last_out.id))
        ORDER BY created_at, id LIMIT 1;
      RETURN floor(extract(epoch FROM at - waiting_since))::integer;
    END
  $$;--> statement-breakpoint
-- A message counts for the hour it was written: a customer's for the conversation's responsible then, a reply
-- for its sender, with the customer's wait when it answered one. Private notes do not count.
CREATE FUNCTION atende_analytics_message(message messages) RETURNS void
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF message.direction = 'in' THEN
        PERFORM atende_analytics_add(message.company_id,
          (SELECT responsible_id FROM contacts WHERE id = message.contact_id), message.kind::text,
          message.created_at, 0, 1, 0, NULL, NULL, 0, 0, 0);
      ELSE
        PERFORM atende_analytics_add(message.company_id, message.sender_user_id, message.kind::text,
          message.created_at, 0, 0, 1,
          atende_analytics_response(message.contact_id, message.created_at, message.id), NULL, 0, 0, 0);
      END IF;
    END
  $$;--> statement-breakpoint
CREATE FUNCTION atende_analytics_message_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM atende_analytics_message(NEW); RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER messages_analytics AFTER INSERT ON messages
  FOR EACH ROW WHEN (NOT NEW.internal) EXECUTE FUNCTION atende_analytics_message_inserted();--> statement-breakpoint
-- A conversation resolved: the customer attended, from the first message since the previous resolution (or
-- the contact's creation) to now, by its responsible; its history row, then the hour's sums.
CREATE FUNCTION atende_analytics_attendance(contact contacts) RETURNS void
  LANGUAGE plpgsql
  AS $$
    DECLARE
      finished timestamptz := coalesce(contact.resolved_at, now());
      since timestamptz;
      w record;
      first_reply timestamptz;
      started timestamptz;
      channel channel_kind;
      resolution integer;
    BEGIN
      SELECT max(finished_at) INTO since FROM analytics_attendances WHERE contact_id = contact.id;
      SELECT min(created_at) AS first_at,
             min(created_at) FILTER (WHERE direction = 'in') AS first_in,
             count(*) FILTER (WHERE direction = 'in') AS n_in,
             count(*) FILTER (WHERE direction = 'out') AS n_out,
             (array_agg(kind ORDER BY created_at DESC, id DESC))[1] AS last_kind
        INTO w FROM messages
        WHERE contact_id = contact.id AND NOT internal
          AND created_at > coalesce(since, '-infinity') AND created_at <= finished;
      IF w.first_in IS NOT NULL THEN
        SELECT min(created_at) INTO first_reply FROM messages
          WHERE contact_id = contact.id AND NOT internal AND direction = 'out'
            AND created_at >= w.first_in AND created_at <= finished;
      END IF;
      started := least(coalesce(w.first_at, since, contact.created_at), finished);
      channel := coalesce(w.last_kind, contact.last_message_channel, contact.main_channel_kind, 'chat');
      resolution := floor(extract(epoch FROM finished - started))::integer;
      INSERT INTO analytics_attendances (id, company_id, contact_id, user_id, kind, started_at, finished_at,
          first_response_seconds, resolution_seconds, messages_in, messages_out)
        VALUES (gen_random_uuid(), contact.company_id, contact.id, contact.responsible_id, channel, started,
          finished, floor(extract(epoch FROM first_reply - w.first_in))::integer, resolution, w.n_in, w.n_out);
      PERFORM atende_analytics_add(contact.company_id, contact.responsible_id, channel::text, finished,
        1, 0, 0, NULL, resolution, 0, 0, 0);
    END
  $$;--> statement-breakpoint
CREATE FUNCTION atende_analytics_contact_resolved() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM atende_analytics_attendance(NEW); RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER contacts_analytics AFTER UPDATE OF status ON contacts
  FOR EACH ROW WHEN (NEW.status = 'resolved' AND OLD.status IS DISTINCT FROM 'resolved')
  EXECUTE FUNCTION atende_analytics_contact_resolved();--> statement-breakpoint
-- An ended pause: its seconds in each hour it covered, under the pseudo-kind 'pause'.
CREATE FUNCTION atende_analytics_pause(pause pauses) RETURNS void
  LANGUAGE plpgsql
  AS $$
    DECLARE
      h timestamptz;
      seconds bigint;
    BEGIN
      FOR h IN SELECT generate_series(date_trunc('hour', pause.started_at, 'UTC'), pause.ended_at, interval '1 hour')
      LOOP
        seconds := floor(extract(epoch FROM least(h + interval '1 hour', pause.ended_at) - greatest(h, pause.started_at)));
        IF seconds > 0 THEN
          PERFORM atende_analytics_add(pause.company_id, pause.user_id, 'pause', h, 0, 0, 0, NULL, NULL, seconds, 0, 0);
        END IF;
      END LOOP;
    END
  $$;--> statement-breakpoint
CREATE FUNCTION atende_analytics_pause_ended() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM atende_analytics_pause(NEW); RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER pauses_analytics_insert AFTER INSERT ON pauses
  FOR EACH ROW WHEN (NEW.ended_at IS NOT NULL) EXECUTE FUNCTION atende_analytics_pause_ended();--> statement-breakpoint
CREATE TRIGGER pauses_analytics_update AFTER UPDATE OF ended_at ON pauses
  FOR EACH ROW WHEN (OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL)
  EXECUTE FUNCTION atende_analytics_pause_ended();--> statement-breakpoint
-- An ended call counts for its operator in the hour it started, with its talk time (answered to ended).
CREATE FUNCTION atende_analytics_call(call voice_calls) RETURNS void
  LANGUAGE plpgsql
  AS $$
    BEGIN
      PERFORM atende_analytics_add(call.company_id, call.operator_id, 'voice', call.started_at, 0, 0, 0, NULL,
        NULL, 0, 1, coalesce(floor(extract(epoch FROM call.ended_at - call.answered_at))::bigint, 0));
    END
  $$;--> statement-breakpoint
CREATE FUNCTION atende_analytics_call_ended() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM atende_analytics_call(NEW); RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER voice_calls_analytics_insert AFTER INSERT ON voice_calls
  FOR EACH ROW WHEN (NEW.ended_at IS NOT NULL) EXECUTE FUNCTION atende_analytics_call_ended();--> statement-breakpoint
CREATE TRIGGER voice_calls_analytics_update AFTER UPDATE OF ended_at ON voice_calls
  FOR EACH ROW WHEN (OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL)
  EXECUTE FUNCTION atende_analytics_call_ended();--> statement-breakpoint
-- The messages' part of the rollups of one company, computed from its messages in one set-based pass and added
-- to the rollups: the backfill below, and bulk loads that write messages with the trigger disabled (the
-- bench's data set). Gives what the trigger gives row by row (analytics.test.ts compares them).
CREATE FUNCTION atende_analytics_add_messages(company uuid) RETURNS void
  LANGUAGE sql
  AS $$
    WITH m AS (
      SELECT m.contact_id, m.kind::text AS kind, m.direction, m.created_at,
        coalesce(CASE WHEN m.direction = 'in' THEN c.responsible_id ELSE m.sender_user_id END,
          '00000000-0000-0000-0000-000000000000') AS who,
        count(*) FILTER (WHERE m.direction = 'out') OVER (PARTITION BY m.contact_id ORDER BY m.created_at, m.id
          ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS outs_before
      FROM messages m JOIN contacts c ON c.id = m.contact_id
      WHERE m.company_id = company AND NOT m.internal
    ), waits AS (
      SELECT contact_id, outs_before, min(created_at) AS since FROM m WHERE direction = 'in' GROUP BY 1, 2
    ), r AS (
      SELECT totals.who, m.kind, date_trunc('hour', m.created_at, 'UTC') AS hour, m.direction,
        floor(extract(epoch FROM m.created_at - waits.since))::integer AS response
      FROM m LEFT JOIN waits ON m.direction = 'out' AND waits.contact_id = m.contact_id
        AND waits.outs_before = m.outs_before
      CROSS JOIN LATERAL (VALUES (m.who), ('ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)) AS totals(who)
    ), b AS (
      SELECT who, kind, hour, atende_analytics_bucket(response) AS bucket,
        count(*) FILTER (WHERE direction = 'in') AS n_in, count(*) FILTER (WHERE direction = 'out') AS n_out,
        count(response) AS n_response, coalesce(sum(response), 0) AS s_response
      FROM r GROUP BY 1, 2, 3, 4
    ), g AS (
      SELECT who, kind, hour, sum(n_in)::integer AS n_in, sum(n_out)::integer AS n_out,
        sum(n_response)::integer AS n_response, sum(s_response)::bigint AS s_response,
        coalesce(jsonb_object_agg(bucket, n_response) FILTER (WHERE bucket IS NOT NULL), '{}') AS buckets
      FROM b GROUP BY 1, 2, 3
    )
    INSERT INTO analytics_hourly AS h (company_id, user_id, kind, hour, messages_in, messages_out,
        first_response_count, first_response_seconds, first_response_histogram, resolution_histogram)
      SELECT company, who, kind, hour, n_in, n_out, n_response, s_response,
        ARRAY(SELECT coalesce((buckets ->> i::text)::integer, 0) FROM generate_series(1, 26) i ORDER BY i),
        array_fill(0, ARRAY[26])
      FROM g
    ON CONFLICT (company_id, hour, user_id, kind) DO UPDATE SET
      messages_in = h.messages_in + excluded.messages_in,
      messages_out = h.messages_out + excluded.messages_out,
      first_response_count = h.first_response_count + excluded.first_response_count,
      first_response_seconds = h.first_response_seconds + excluded.first_response_seconds,
      first_response_histogram = ARRAY(SELECT a + b FROM unnest(h.first_response_histogram,
        excluded.first_response_histogram) WITH ORDINALITY AS u(a, b, i) ORDER BY i)
  $$;--> statement-breakpoint
-- Backfill from the rows already there, so existing (and demo) data shows numbers.
SELECT atende_analytics_attendance(c) FROM contacts c WHERE c.status = 'resolved' ORDER BY c.resolved_at;--> statement-breakpoint
SELECT atende_analytics_add_messages(id) FROM companies;--> statement-breakpoint
SELECT atende_analytics_pause(p) FROM pauses p WHERE p.ended_at IS NOT NULL;--> statement-breakpoint
SELECT atende_analytics_call(v) FROM voice_calls v WHERE v.ended_at IS NOT NULL;
