CREATE TABLE "delivered_mails" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_heads" (
	"issuer_id" uuid PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "received_webhooks" (
	"user_id" uuid NOT NULL,
	"delivery_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "received_webhooks_user_id_delivery_key_pk" PRIMARY KEY("user_id","delivery_key")
);
--> statement-breakpoint
CREATE TABLE "unmatched_platform_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"flow_id" text,
	"status_code" integer,
	"invoice_numero" text,
	"seller_siren" text,
	"buyer_siren" text,
	"reason" text NOT NULL,
	"content" "bytea",
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "siret_duplicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "received_webhooks" ADD CONSTRAINT "received_webhooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_platform_statuses" ADD CONSTRAINT "unmatched_platform_statuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivered_mails_delivered_idx" ON "delivered_mails" USING btree ("delivered_at");--> statement-breakpoint
CREATE INDEX "received_webhooks_received_idx" ON "received_webhooks" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "unmatched_platform_statuses_received_idx" ON "unmatched_platform_statuses" USING btree ("received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_platform_statuses_flow_key" ON "unmatched_platform_statuses" USING btree ("user_id","flow_id");--> statement-breakpoint
-- One company, one account: where open accounts already share a SIRET, the oldest verified one keeps it for
-- e-invoicing routing (then the oldest unverified); the others are flagged for the admin.
WITH ranked AS (
	SELECT "id", row_number() OVER (
		PARTITION BY "siret" ORDER BY ("email_verified_at" IS NULL), "created_at", "id"
	) AS "rank"
	FROM "users"
	WHERE "siret" IS NOT NULL AND "deleted_at" IS NULL
)
UPDATE "users" SET "siret_duplicate" = true FROM ranked WHERE "users"."id" = ranked."id" AND ranked."rank" > 1;--> statement-breakpoint
-- Every chain's head as it stands: from now on each append moves it in its own transaction.
INSERT INTO "journal_heads" ("issuer_id", "seq", "hash")
SELECT DISTINCT ON ("issuer_id") "issuer_id", "seq", "hash" FROM "journal_entries" ORDER BY "issuer_id", "seq" DESC;--> statement-breakpoint
CREATE UNIQUE INDEX "users_active_siret_key" ON "users" USING btree ("siret") WHERE siret is not null and deleted_at is null and not siret_duplicate;