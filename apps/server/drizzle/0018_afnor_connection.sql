ALTER TABLE "einvoicing_connections" ADD COLUMN "directory_url" text;--> statement-breakpoint
ALTER TABLE "einvoicing_connections" ADD COLUMN "client_auth" text DEFAULT 'corps' NOT NULL;--> statement-breakpoint
ALTER TABLE "einvoicing_connections" ADD COLUMN "webhook_id" text;--> statement-breakpoint
-- Before, the Directory Service was asked at the Flow Service's address: kept as it was for the connections
-- already saved, until their owner gives the directory's own address.
UPDATE "einvoicing_connections" SET "directory_url" = "base_url" WHERE "platform" = 'afnor';--> statement-breakpoint
-- Webhook secrets were typed by the user or made by Facturo; under the standard the platform makes the
-- signing key when the webhook is registered (POST /v1/webhooks). The old ones verify nothing any more: the
-- connection registers its webhook again (polling carries the flows meanwhile).
UPDATE "einvoicing_connections" SET "webhook_secret_encrypted" = NULL;
--> statement-breakpoint
-- The processing rule a submission states in its flowInfo (B2B for an invoice, B2C / B2BInt for e-reporting).
ALTER TABLE "platform_flows" ADD COLUMN "processing_rule" text;
