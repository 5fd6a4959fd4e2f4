CREATE TABLE "invoice_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"issuer_id" uuid NOT NULL,
	"step" text NOT NULL,
	"recipient_email" text NOT NULL,
	"amount_due_cents" bigint NOT NULL,
	"days_late" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"titre" text NOT NULL,
	"lien" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"issuer_id" uuid NOT NULL,
	"date_paiement" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'confirme' NOT NULL,
	"source" text DEFAULT 'emetteur' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK (amount_cents > 0)
);
--> statement-breakpoint
CREATE TABLE "reminder_plans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"steps" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_prefs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "activite_urssaf" text;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_plans" ADD CONSTRAINT "reminder_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_step_key" ON "invoice_reminders" USING btree ("invoice_id","step") WHERE step <> 'manuel';--> statement-breakpoint
CREATE INDEX "invoice_reminders_invoice_idx" ON "invoice_reminders" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_issuer_date_idx" ON "payments" USING btree ("issuer_id","date_paiement") WHERE status = 'confirme';--> statement-breakpoint
-- Invoices paid before payments existed: one confirmed payment of what was due (issue 17), so the figures
-- and « reste à payer » read them like any other.
INSERT INTO "payments" ("invoice_id", "issuer_id", "date_paiement", "amount_cents", "method", "status", "source", "confirmed_at", "created_at")
SELECT i."id", i."issuer_id", (i."paid_at" AT TIME ZONE 'Europe/Paris')::date,
       i."total_ttc_cents" - i."prepaid_cents" - coalesce((SELECT sum(c."total_ttc_cents") FROM "invoices" c WHERE c."credited_invoice_id" = i."id" AND c."type" = 'avoir'), 0),
       'autre', 'confirme', CASE WHEN i."recipient_status" = 'payee' AND i."issuer_status" <> 'payee' THEN 'destinataire' ELSE 'emetteur' END,
       i."paid_at", i."paid_at"
FROM "invoices" i
WHERE i."paid_at" IS NOT NULL AND i."type" <> 'avoir'
  AND i."total_ttc_cents" - i."prepaid_cents" - coalesce((SELECT sum(c."total_ttc_cents") FROM "invoices" c WHERE c."credited_invoice_id" = i."id" AND c."type" = 'avoir'), 0) > 0;
--> statement-breakpoint
UPDATE "invoices" i SET "paid_cents" = p.total
FROM (SELECT "invoice_id", sum("amount_cents") AS total FROM "payments" WHERE "status" = 'confirme' GROUP BY "invoice_id") p
WHERE p."invoice_id" = i."id";
