ALTER TABLE "messages" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The system's own messages (the satisfaction request sent after a resolution) are nobody's reply and no part of
-- an attendance: before this, the request counted as the resolving attendant's message and opened the next
-- attendance, whose start (and so resolution time) was the request's.
CREATE OR REPLACE FUNCTION atende_analytics_response(contact uuid, at timestamptz, message uuid) RETURNS integer
  LANGUAGE plpgsql STABLE
  AS $$
    DECLARE
      last_out record;
      waiting_since timestamptz;
    BEGIN
      SELECT created_at, id INTO last_out FROM messages
        WHERE contact_id = contact AND NOT internal AND NOT automatic AND direction = 'out' AND (created_at, id) < (at, message)
        ORDER BY created_at DESC, id DESC LIMIT 1;
      SELECT created_at INTO waiting_since FROM messages
        WHERE contact_id = contact AND NOT internal AND NOT automatic AND direction = 'in' AND (created_at, id) < (at, message)
          AND (last_out.id IS NULL OR (created_at, id) > (last_out.created_at, last_out.id))
        ORDER BY created_at, id LIMIT 1;
      RETURN floor(extract(epoch FROM at - waiting_since))::integer;
    END
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION atende_analytics_attendance(contact contacts) RETURNS void
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
        WHERE contact_id = contact.id AND NOT internal AND NOT automatic
          AND created_at > coalesce(since, '-infinity') AND created_at <= finished;
      IF w.first_in IS NOT NULL THEN
        SELECT min(created_at) INTO first_reply FROM messages
          WHERE contact_id = contact.id AND NOT internal AND NOT automatic AND direction = 'out'
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
CREATE OR REPLACE FUNCTION atende_analytics_add_messages(company uuid) RETURNS void
  LANGUAGE sql
  AS $$
    WITH m AS (
      SELECT m.contact_id, m.kind::text AS kind, m.direction, m.created_at,
        coalesce(CASE WHEN m.direction = 'in' THEN c.responsible_id ELSE m.sender_user_id END,
          '00000000-0000-0000-0000-000000000000') AS who,
        count(*) FILTER (WHERE m.direction = 'out') OVER (PARTITION BY m.contact_id ORDER BY m.created_at, m.id
          ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS outs_before
      FROM messages m JOIN contacts c ON c.id = m.contact_id
      WHERE m.company_id = company AND NOT m.internal AND NOT m.automatic
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
DROP TRIGGER messages_analytics ON messages;--> statement-breakpoint
CREATE TRIGGER messages_analytics AFTER INSERT ON messages
  FOR EACH ROW WHEN (NOT NEW.internal AND NOT NEW.automatic) EXECUTE FUNCTION atende_analytics_message_inserted();
