-- A closed account that issued documents keeps a read-only archive for the retention period of the books
-- (Code de commerce L123-22): the address it signs in with (its own is freed for a new account) and the
-- last day it can be read. Both null: nothing kept (never issued anything, or erased at its holder's request).
ALTER TABLE "users" ADD COLUMN "archive_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "retention_until" date;--> statement-breakpoint
CREATE INDEX "users_archive_email_idx" ON "users" USING btree ("archive_email") WHERE "archive_email" IS NOT NULL;
