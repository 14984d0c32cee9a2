-- Every process keeps the sessions it recently checked (platform/session-cache.ts) instead of reading the
-- session row on every request; these triggers tell all of them, at commit, when a session or its user stops
-- being what they remember: a session revoked, expired or deleted, a user deactivated, deleted or given another
-- role or permissions. Written here rather than in the services so no code path, nor an operator's SQL, can
-- change them silently. Payload: 'session:<id>' or 'user:<id>'.
CREATE FUNCTION atende_auth_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      PERFORM pg_notify('atende_auth', (CASE TG_TABLE_NAME WHEN 'sessions' THEN 'session:' ELSE 'user:' END) || OLD.id);
      RETURN NULL;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed
  AFTER UPDATE OF revoked_at, expires_at, user_id, company_id ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION atende_auth_changed();--> statement-breakpoint
CREATE TRIGGER sessions_auth_deleted AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION atende_auth_changed();--> statement-breakpoint
CREATE TRIGGER users_auth_changed
  AFTER UPDATE OF active, role, can_create_contacts, can_send_files, can_change_responsible, company_id ON users
  FOR EACH ROW WHEN (OLD.active IS DISTINCT FROM NEW.active OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.can_create_contacts IS DISTINCT FROM NEW.can_create_contacts
    OR OLD.can_send_files IS DISTINCT FROM NEW.can_send_files
    OR OLD.can_change_responsible IS DISTINCT FROM NEW.can_change_responsible
    OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION atende_auth_changed();--> statement-breakpoint
CREATE TRIGGER users_auth_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION atende_auth_changed();
