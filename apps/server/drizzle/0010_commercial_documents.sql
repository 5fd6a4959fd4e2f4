CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"recipient_id" uuid,
	"numero" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"date_emission" date NOT NULL,
	"date_validite" date NOT NULL,
	"objet" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"total_ht_cents" bigint NOT NULL,
	"vat_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"total_vat_cents" bigint NOT NULL,
	"total_ttc_cents" bigint NOT NULL,
	"vat_category" text DEFAULT 'E' NOT NULL,
	"issuer_status" text DEFAULT 'creee' NOT NULL,
	"recipient_status" text DEFAULT 'non_vue' NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answer_comment" text DEFAULT '' NOT NULL,
	"answered_off_platform" boolean DEFAULT false NOT NULL,
	"issuer_snapshot" jsonb NOT NULL,
	"client_snapshot" jsonb NOT NULL,
	"mentions" jsonb NOT NULL,
	"date_livraison" date,
	"delivery_address" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD COLUMN "series" text DEFAULT 'FAC' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" DROP CONSTRAINT "invoice_counters_issuer_id_year_pk";--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_issuer_id_series_year_pk" PRIMARY KEY("issuer_id","series","year");--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "type" text DEFAULT 'facture' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "prepaid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_issuer_numero_key" ON "quotes" USING btree ("issuer_id","numero");--> statement-breakpoint
CREATE INDEX "quotes_issuer_idx" ON "quotes" USING btree ("issuer_id","date_emission");--> statement-breakpoint
CREATE INDEX "quotes_recipient_idx" ON "quotes" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "quotes_client_idx" ON "quotes" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "quotes_open_validity_idx" ON "quotes" USING btree ("date_validite") WHERE issuer_status in ('creee', 'envoyee');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_quote_idx" ON "invoices" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "invoices_credited_idx" ON "invoices" USING btree ("credited_invoice_id");