-- The test platform speaks XP Z12-013 as written: a flow has an acknowledgement (Ok / Error with details),
-- a flow type, profile and processing rule; lifecycle statuses travel as CDAR flows (no statuses list).
ALTER TABLE "test_platform_flows" ALTER COLUMN "sender_client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "test_platform_flows" ADD COLUMN "recipient_client_id" text;--> statement-breakpoint
UPDATE "test_platform_flows" SET "processing_rule" = 'B2B' WHERE "processing_rule" IS NULL;--> statement-breakpoint
ALTER TABLE "test_platform_flows" ALTER COLUMN "processing_rule" SET DEFAULT 'B2B';--> statement-breakpoint
ALTER TABLE "test_platform_flows" ALTER COLUMN "processing_rule" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "test_platform_flows" ADD COLUMN "processing_rule_source" text DEFAULT 'Computed' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_platform_flows" ADD COLUMN "flow_profile" text DEFAULT 'Undefined' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_platform_flows" ADD COLUMN "flow_type" text DEFAULT 'CustomerInvoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_platform_flows" ADD COLUMN "ack_status" text DEFAULT 'Ok' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_platform_flows" ADD COLUMN "ack_details" jsonb;--> statement-breakpoint
UPDATE "test_platform_flows" SET "flow_type" = 'CustomerInvoiceLC' WHERE "syntax" = 'CDAR';--> statement-breakpoint
UPDATE "test_platform_flows" SET "flow_type" = 'UnitaryCustomerTransactionReport' WHERE "syntax" = 'FRR';--> statement-breakpoint
ALTER TABLE "test_platform_flows" DROP COLUMN "statuses";--> statement-breakpoint
CREATE INDEX "test_platform_flows_recipient_client_idx" ON "test_platform_flows" USING btree ("recipient_client_id","updated_at");--> statement-breakpoint
CREATE TABLE "test_platform_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"callback_url" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"signing_key_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "test_platform_webhooks_client_idx" ON "test_platform_webhooks" USING btree ("client_id");
