CREATE TABLE "company_phrases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_phrases" ADD CONSTRAINT "company_phrases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_phrases_company_idx" ON "company_phrases" USING btree ("company_id","position");--> statement-breakpoint
CREATE INDEX "audit_events_company_actor_idx" ON "audit_events" USING btree ("company_id","actor_user_id","id");--> statement-breakpoint
-- Phrases nobody owns (the demo's, or those whose author was removed) were everyone's: they become the company's,
-- titled by their beginning (numbered where two begin alike), in the order they were written.
INSERT INTO "company_phrases" ("id", "company_id", "name", "text", "position", "created_at", "updated_at")
SELECT "id", "company_id",
  CASE WHEN "same" = 1 THEN "title" ELSE "title" || ' (' || "same" || ')' END,
  "text", "position", "created_at", "updated_at"
FROM (
  SELECT *,
    row_number() OVER (PARTITION BY "company_id", lower("title") ORDER BY "created_at", "id") AS "same",
    row_number() OVER (PARTITION BY "company_id" ORDER BY "created_at", "id") - 1 AS "position"
  FROM (
    SELECT *, left(btrim(regexp_replace("text", '\s+', ' ', 'g')), 60) AS "title"
    FROM "phrases" WHERE "author_id" IS NULL
  ) AS "titled"
) AS "numbered";--> statement-breakpoint
DELETE FROM "phrases" WHERE "author_id" IS NULL;--> statement-breakpoint
-- The audit log is append-only: an event is never changed or deleted. What foreign keys do stays possible — the
-- company's removal takes its events (the company row is already gone when its cascade reaches them), a removed
-- user's events lose their actor and nothing else.
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM "companies" WHERE "id" = OLD."company_id") THEN
      RETURN OLD;
    END IF;
  ELSIF OLD."actor_user_id" IS NOT NULL AND NEW."actor_user_id" IS NULL
    AND to_jsonb(NEW) - 'actor_user_id' = to_jsonb(OLD) - 'actor_user_id'
    AND NOT EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD."actor_user_id") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE FUNCTION "audit_events_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: TRUNCATE refused' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_no_truncate"();
