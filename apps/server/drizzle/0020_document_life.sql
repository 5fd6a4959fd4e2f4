-- One life of a document (DESIGN §5): the facts every screen derives its state from, kept on the invoice
-- row in the transactions that change them, so lists, filters and counts read them without a join.
ALTER TABLE "invoices" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "dispute" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "declared_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
-- Issued: the first sending, marking sent or paid; a credit note is issued as it is written.
UPDATE "invoices" SET "issued_at" = coalesce("sent_at", "paid_at", CASE WHEN "type" = 'avoir' THEN "created_at" END);--> statement-breakpoint
-- The channel of the first sending, as far as the rows tell: the approved platform's flow, a Facturo
-- recipient, else e-mail; paid without being sent.
UPDATE "invoices" AS i SET "channel" = CASE
	WHEN EXISTS (SELECT 1 FROM "platform_flows" f WHERE f."invoice_id" = i."id" AND f."direction" = 'sortant' AND f."kind" = 'facture') THEN 'plateforme_agreee'
	WHEN i."sent_at" IS NOT NULL AND i."recipient_id" IS NOT NULL THEN 'facturo'
	WHEN i."sent_at" IS NOT NULL THEN 'email'
	WHEN i."paid_at" IS NOT NULL THEN 'paiement'
END;--> statement-breakpoint
UPDATE "invoices" SET "viewed_at" = coalesce("sent_at", "updated_at") WHERE "recipient_status" IN ('vue', 'acceptee', 'refusee', 'payee');--> statement-breakpoint
UPDATE "invoices" SET "dispute" = 'refusee', "disputed_at" = "updated_at" WHERE "recipient_status" = 'refusee';--> statement-breakpoint
UPDATE "invoices" AS i SET "dispute" = CASE e."code" WHEN 207 THEN 'litige' WHEN 210 THEN 'refusee' ELSE 'rejetee' END,
	"dispute_reason" = e."reason", "disputed_at" = e."occurred_at"
FROM (
	SELECT DISTINCT ON ("invoice_id") "invoice_id", "code", "reason", "occurred_at" FROM "lifecycle_events"
	WHERE "invoice_id" IS NOT NULL AND "code" IN (205, 207, 210, 213, 221)
	ORDER BY "invoice_id", "occurred_at" DESC
) AS e
WHERE e."invoice_id" = i."id" AND e."code" <> 205;--> statement-breakpoint
UPDATE "invoices" AS i SET "dispute" = 'rejetee', "dispute_reason" = f."last_error", "disputed_at" = f."updated_at"
FROM "platform_flows" AS f
WHERE f."invoice_id" = i."id" AND f."direction" = 'sortant' AND f."kind" = 'facture' AND f."state" = 'rejetee' AND i."dispute" IS NULL;--> statement-breakpoint
UPDATE "invoices" AS i SET "declared_cents" = p."cents"
FROM (SELECT "invoice_id", sum("amount_cents") AS "cents" FROM "payments" WHERE "status" = 'declare' GROUP BY "invoice_id") AS p
WHERE p."invoice_id" = i."id";--> statement-breakpoint
UPDATE "invoices" SET "cancel_reason" = 'Supprimée avant tout envoi' WHERE "issuer_status" = 'annulee' AND "issued_at" IS NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_channel_check" CHECK ("channel" IS NULL OR "channel" IN ('email', 'facturo', 'plateforme_agreee', 'marquee', 'paiement'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_dispute_check" CHECK ("dispute" IS NULL OR "dispute" IN ('refusee', 'litige', 'rejetee'));
