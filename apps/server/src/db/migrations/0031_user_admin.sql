ALTER TABLE "users" ADD COLUMN "can_broadcast" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "can_admin_pipelines" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "can_use_voice" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "can_see_others_analytics" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
-- Existing users get their role's defaults of the new flags (contract abilities.ts DEFAULT_PERMISSIONS).
UPDATE "users" SET "can_broadcast" = ("role" <> 'attendant'),
  "can_admin_pipelines" = ("role" IN ('super_admin', 'admin')),
  "can_see_others_analytics" = ("role" <> 'attendant');--> statement-breakpoint
-- The new flags change what a session may do: the auth triggers of migration 0020 watch them too.
DROP TRIGGER "users_auth_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER users_auth_changed
  AFTER UPDATE OF active, role, can_create_contacts, can_send_files, can_change_responsible, can_broadcast,
    can_admin_pipelines, can_use_voice, can_see_others_analytics, company_id ON users
  FOR EACH ROW WHEN (OLD.active IS DISTINCT FROM NEW.active OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.can_create_contacts IS DISTINCT FROM NEW.can_create_contacts
    OR OLD.can_send_files IS DISTINCT FROM NEW.can_send_files
    OR OLD.can_change_responsible IS DISTINCT FROM NEW.can_change_responsible
    OR OLD.can_broadcast IS DISTINCT FROM NEW.can_broadcast
    OR OLD.can_admin_pipelines IS DISTINCT FROM NEW.can_admin_pipelines
    OR OLD.can_use_voice IS DISTINCT FROM NEW.can_use_voice
    OR OLD.can_see_others_analytics IS DISTINCT FROM NEW.can_see_others_analytics
    OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION atende_auth_changed();
