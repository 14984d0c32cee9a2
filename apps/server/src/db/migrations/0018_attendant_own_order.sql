-- An attendant's own contacts are read in the default list order through a per-responsible partial index,
-- stopping at the page size, instead of reading all of them (contacts_responsible_idx, which it replaces) and
-- sorting them. The main channel's kind moves onto the contact row: the list showed it through a subquery per
-- row. Together: an attendant's first page 1.8 -> 0.8 ms in EXPLAIN ANALYZE (150 own contacts).
DROP INDEX "contacts_responsible_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "main_channel_kind" "channel_kind";--> statement-breakpoint
CREATE INDEX "contacts_default_order_assigned_idx" ON "contacts" USING btree ("company_id","responsible_id","critical","priority","last_message_at","id") WHERE "contacts"."responsible_id" is not null;--> statement-breakpoint
-- The contact's main channel kind after a change of its channels; the row is written only when it changes.
CREATE FUNCTION atende_contact_main_channel(contact uuid) RETURNS void
  LANGUAGE sql
  AS $$
    UPDATE contacts c SET main_channel_kind = main.kind
    FROM (SELECT (SELECT kind FROM contact_channels WHERE contact_id = contact
                  ORDER BY main DESC, created_at, id LIMIT 1) AS kind) main
    WHERE c.id = contact AND c.main_channel_kind IS DISTINCT FROM main.kind
  $$;--> statement-breakpoint
CREATE FUNCTION atende_contact_channels_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM atende_contact_main_channel(OLD.contact_id); END IF;
      IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.contact_id <> OLD.contact_id) THEN
        PERFORM atende_contact_main_channel(NEW.contact_id);
      END IF;
      RETURN NULL;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER contact_channels_main_kind
  AFTER INSERT OR DELETE OR UPDATE OF contact_id, kind, main, created_at ON contact_channels
  FOR EACH ROW EXECUTE FUNCTION atende_contact_channels_changed();--> statement-breakpoint
UPDATE contacts c SET main_channel_kind = (
  SELECT kind FROM contact_channels WHERE contact_id = c.id ORDER BY main DESC, created_at, id LIMIT 1);
