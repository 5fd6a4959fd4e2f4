CREATE TABLE "invoice_counters" (
	"issuer_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_issuer_id_year_pk" PRIMARY KEY("issuer_id","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"recipient_id" uuid,
	"numero" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"date_emission" date NOT NULL,
	"date_echeance" date NOT NULL,
	"delai_paiement" integer NOT NULL,
	"objet" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"total_ht_cents" bigint NOT NULL,
	"vat_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"total_vat_cents" bigint NOT NULL,
	"total_ttc_cents" bigint NOT NULL,
	"issuer_status" text DEFAULT 'creee' NOT NULL,
	"recipient_status" text DEFAULT 'non_vue' NOT NULL,
	"paid_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"issuer_snapshot" jsonb NOT NULL,
	"client_snapshot" jsonb NOT NULL,
	"mentions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_issuer_numero_key" ON "invoices" USING btree ("issuer_id","numero");--> statement-breakpoint
CREATE INDEX "invoices_issuer_idx" ON "invoices" USING btree ("issuer_id","date_emission");--> statement-breakpoint
CREATE INDEX "invoices_recipient_idx" ON "invoices" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "invoices_client_idx" ON "invoices" USING btree ("client_id");