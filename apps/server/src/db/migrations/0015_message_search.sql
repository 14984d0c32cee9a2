-- Message search that ignores accents and case, served by indexes in a conversation and across the company.
-- unaccent() is only stable (its dictionary could change); index and generated-column expressions need an
-- immutable function, so this wrapper names the dictionary and promises what the product relies on.
CREATE OR REPLACE FUNCTION atende_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- Dropped before the column is added: the table rewrite would otherwise rebuild them only to drop them.
DROP INDEX "messages_text_trgm_idx";--> statement-breakpoint
DROP INDEX "messages_text_fts_idx";--> statement-breakpoint
-- Portuguese word forms of the unaccented text, computed once per message instead of once per row searched.
ALTER TABLE "messages" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('portuguese', atende_unaccent("text"))) STORED;--> statement-breakpoint
CREATE INDEX "messages_company_created_idx" ON "messages" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_text_unaccent_trgm_idx" ON "messages" USING gin (atende_unaccent("text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_search_vector_idx" ON "messages" USING gin (search_vector);
--> statement-breakpoint
-- Statistics of the new column and index expressions at once: the company-wide search's plans depend on them,
-- and a table rewrite does not count as changes for autovacuum to analyse.
ANALYZE "messages";
