CREATE TABLE "company_search_cache" (
	"query_key" text PRIMARY KEY NOT NULL,
	"response" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "einvoicing_connections" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"platform" text DEFAULT 'test' NOT NULL,
	"base_url" text,
	"token_url" text,
	"client_id" text,
	"client_secret_encrypted" text,
	"webhook_secret_encrypted" text,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ereporting_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"data" jsonb NOT NULL,
	"sha256" text NOT NULL,
	"state" text DEFAULT 'a_envoyer' NOT NULL,
	"flow_id" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lifecycle_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"invoice_id" uuid,
	"supplier_invoice_id" uuid,
	"code" integer NOT NULL,
	"actor" text NOT NULL,
	"reason_code" text,
	"reason" text,
	"amount_cents" bigint,
	"paid_on" date,
	"external_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lifecycle_events_one_document" CHECK ((invoice_id is null) <> (supplier_invoice_id is null))
);
--> statement-breakpoint
CREATE TABLE "platform_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" uuid,
	"supplier_invoice_id" uuid,
	"idempotency_key" text,
	"flow_id" text,
	"state" text NOT NULL,
	"status_code" integer,
	"syntax" text NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"flow_id" text,
	"original" "bytea" NOT NULL,
	"original_sha256" text NOT NULL,
	"original_format" text NOT NULL,
	"file_name" text NOT NULL,
	"type_code" text NOT NULL,
	"numero" text NOT NULL,
	"date_emission" date NOT NULL,
	"date_echeance" date,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"seller_name" text NOT NULL,
	"seller_siren" text,
	"seller_siret" text,
	"seller_vat_number" text,
	"seller_key" text NOT NULL,
	"seller_address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"buyer_name" text DEFAULT '' NOT NULL,
	"total_ht_cents" bigint NOT NULL,
	"total_vat_cents" bigint NOT NULL,
	"total_ttc_cents" bigint NOT NULL,
	"amount_due_cents" bigint NOT NULL,
	"iban" text,
	"bic" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'recue' NOT NULL,
	"refusal_code" text,
	"refusal_reason" text,
	"paid_on" date,
	"purchase_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_platform_flows" (
	"flow_id" text PRIMARY KEY NOT NULL,
	"sender_client_id" text NOT NULL,
	"sender_siren" text,
	"recipient_siren" text,
	"idempotency_key" text,
	"syntax" text NOT NULL,
	"processing_rule" text,
	"name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"statuses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "einvoicing_connections" ADD CONSTRAINT "einvoicing_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ereporting_submissions" ADD CONSTRAINT "ereporting_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_events" ADD CONSTRAINT "lifecycle_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_events" ADD CONSTRAINT "lifecycle_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_events" ADD CONSTRAINT "lifecycle_events_supplier_invoice_id_supplier_invoices_id_fk" FOREIGN KEY ("supplier_invoice_id") REFERENCES "public"."supplier_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_flows" ADD CONSTRAINT "platform_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_flows" ADD CONSTRAINT "platform_flows_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ereporting_submissions_period_key" ON "ereporting_submissions" USING btree ("user_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "lifecycle_events_external_key" ON "lifecycle_events" USING btree ("user_id","external_id");--> statement-breakpoint
CREATE INDEX "lifecycle_events_invoice_idx" ON "lifecycle_events" USING btree ("invoice_id","occurred_at");--> statement-breakpoint
CREATE INDEX "lifecycle_events_supplier_invoice_idx" ON "lifecycle_events" USING btree ("supplier_invoice_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_flows_idempotency_key" ON "platform_flows" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_flows_flow_id_key" ON "platform_flows" USING btree ("user_id","direction","flow_id");--> statement-breakpoint
CREATE INDEX "platform_flows_invoice_idx" ON "platform_flows" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "platform_flows_supplier_invoice_idx" ON "platform_flows" USING btree ("supplier_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_invoices_seller_numero_key" ON "supplier_invoices" USING btree ("user_id","seller_key","numero");--> statement-breakpoint
CREATE INDEX "supplier_invoices_user_idx" ON "supplier_invoices" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "test_platform_flows_idempotency_key" ON "test_platform_flows" USING btree ("sender_client_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "test_platform_flows_recipient_idx" ON "test_platform_flows" USING btree ("recipient_siren","updated_at");--> statement-breakpoint
CREATE INDEX "test_platform_flows_sender_idx" ON "test_platform_flows" USING btree ("sender_client_id","updated_at");