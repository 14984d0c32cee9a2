-- The composer's idempotency key is only on messages sent from the console: inbound messages (most of them)
-- no longer write a NULL entry into this index on every insert.
DROP INDEX "messages_client_key";--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_key" ON "messages" USING btree ("company_id","client_id") WHERE "messages"."client_id" is not null;