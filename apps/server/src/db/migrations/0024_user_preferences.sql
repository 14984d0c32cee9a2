-- What the console remembers per user on the server (side panel open, its width): a jsonb column of the user's
-- row, not a table, since it is one small value per user read only with that row, which already carries the tenant.
ALTER TABLE "users" ADD COLUMN "preferences" jsonb DEFAULT '{}'::jsonb NOT NULL;