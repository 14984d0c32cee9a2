-- Fragments are matched on the text lowercased and unaccented once per message, stored: calling
-- atende_unaccent() on every row a search reads cost six times the match itself (3.2 µs against 0.5 µs a row).
-- Dropped before the column is added: the table rewrite would otherwise rebuild it only to drop it.
DROP INDEX "messages_text_unaccent_trgm_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search_text" text
  GENERATED ALWAYS AS (lower(atende_unaccent("text"))) STORED;--> statement-breakpoint
CREATE INDEX "messages_search_text_trgm_idx" ON "messages" USING gin (search_text gin_trgm_ops);--> statement-breakpoint
-- Statistics of the new column at once (a table rewrite does not count as changes for autovacuum).
ANALYZE "messages";
