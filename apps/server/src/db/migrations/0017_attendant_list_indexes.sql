-- An attendant's list merges their own contacts with the unassigned ones: partial copies of the ordering indexes
-- holding only the unassigned let that half be read in order, stopping at the page size, instead of filtering
-- every other attendant's contacts out of the company-wide index (31 ms -> 0.4 ms for "oldest unanswered").
CREATE INDEX "contacts_default_order_unassigned_idx" ON "contacts" USING btree ("company_id","critical","priority","last_message_at","id") WHERE "contacts"."responsible_id" is null;--> statement-breakpoint
CREATE INDEX "contacts_unanswered_desc_unassigned_idx" ON "contacts" USING btree ("company_id",coalesce("unanswered_since", '-infinity'::timestamptz),"id") WHERE "contacts"."responsible_id" is null;--> statement-breakpoint
CREATE INDEX "contacts_unanswered_asc_unassigned_idx" ON "contacts" USING btree ("company_id",coalesce("unanswered_since", 'infinity'::timestamptz),"id") WHERE "contacts"."responsible_id" is null;--> statement-breakpoint
CREATE INDEX "contacts_name_order_unassigned_idx" ON "contacts" USING btree ("company_id",lower("name"),"id") WHERE "contacts"."responsible_id" is null;--> statement-breakpoint
CREATE INDEX "contacts_online_order_unassigned_idx" ON "contacts" USING btree ("company_id","online","last_message_at","id") WHERE "contacts"."responsible_id" is null;--> statement-breakpoint
CREATE INDEX "contacts_priority_order_unassigned_idx" ON "contacts" USING btree ("company_id","priority","last_message_at","id") WHERE "contacts"."responsible_id" is null;--> statement-breakpoint
CREATE INDEX "contacts_critical_order_unassigned_idx" ON "contacts" USING btree ("company_id","critical","last_message_at","id") WHERE "contacts"."responsible_id" is null;--> statement-breakpoint
CREATE INDEX "contacts_unread_order_unassigned_idx" ON "contacts" USING btree ("company_id","unread_count","last_message_at","id") WHERE "contacts"."responsible_id" is null;