-- Trigram and accent-insensitive matching for message and contact search (PGlite ships both extensions).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
