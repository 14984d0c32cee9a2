-- A console link (?access_token=) is exchanged for a session once: the exchange marks the session it came from
-- (modules/auth/handoff.ts), in the database so that every process refuses a second use.
ALTER TABLE "sessions" ADD COLUMN "handed_off_at" timestamp with time zone;
