-- Message search finds what an audio says: the generated search columns (0015, 0016) now cover the text and
-- the transcription. A generated column's expression cannot be changed in place before PostgreSQL 17, so both
-- are dropped (their indexes with them) and added again over the two columns.
DROP INDEX "messages_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "messages_search_vector_idx";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('portuguese', atende_unaccent("text" || coalesce(' ' || "transcription", '')))) STORED;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search_text" text
  GENERATED ALWAYS AS (lower(atende_unaccent("text" || coalesce(' ' || "transcription", '')))) STORED;--> statement-breakpoint
CREATE INDEX "messages_search_text_trgm_idx" ON "messages" USING gin (search_text gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_search_vector_idx" ON "messages" USING gin (search_vector);--> statement-breakpoint
ANALYZE "messages";
