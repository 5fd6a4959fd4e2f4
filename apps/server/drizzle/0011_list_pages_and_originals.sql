CREATE TABLE "invoice_originals" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "invoices_issuer_idx";--> statement-breakpoint
DROP INDEX "invoices_recipient_idx";--> statement-breakpoint
DROP INDEX "quotes_issuer_idx";--> statement-breakpoint
DROP INDEX "quotes_recipient_idx";--> statement-breakpoint
ALTER TABLE "invoice_originals" ADD CONSTRAINT "invoice_originals_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_owner_page_idx" ON "clients" USING btree ("owner_id",lower("nom"),"created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_issuer_page_idx" ON "invoices" USING btree ("issuer_id","date_emission" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_recipient_page_idx" ON "invoices" USING btree ("recipient_id","date_emission" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_client_page_idx" ON "invoices" USING btree ("issuer_id","client_id","date_emission" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_issuer_page_idx" ON "quotes" USING btree ("issuer_id","date_emission" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_recipient_page_idx" ON "quotes" USING btree ("recipient_id","date_emission" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);