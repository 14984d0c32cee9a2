-- Every process keeps the channel accounts it recently opened (channels/account-cache.ts) instead of reading and
-- decrypting the account on every provider webhook; these triggers tell all of them, at commit, when an account
-- stops being what they remember: its company, kind, name, address, switch, settings or credentials changed, or
-- the account was deleted. Written here rather than in the service so no code path, nor an operator's SQL, can
-- change an account silently. The health columns (last inbound, outbound, error) are left out: they change
-- nothing a webhook uses. Payload: the account's id.
CREATE FUNCTION atende_channel_account_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      PERFORM pg_notify('atende_channel_accounts', OLD.id::text);
      RETURN NULL;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER channel_accounts_changed
  AFTER UPDATE OF company_id, kind, name, address, enabled, settings, credentials ON channel_accounts
  FOR EACH ROW EXECUTE FUNCTION atende_channel_account_changed();--> statement-breakpoint
CREATE TRIGGER channel_accounts_deleted AFTER DELETE ON channel_accounts
  FOR EACH ROW EXECUTE FUNCTION atende_channel_account_changed();
