ALTER TABLE "clients" ALTER COLUMN "pays" SET DEFAULT 'FR';--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "type" text DEFAULT 'particulier' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "tva_intracommunautaire" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "date_livraison" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_category" text DEFAULT 'E' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "regime_tva" text DEFAULT 'franchise' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "option_debits" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tva_intracommunautaire" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rcs_rm" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "assureur" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "assurance_couverture" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The issuer's VAT number moves from the mentions to the profile: one place for it.
UPDATE "users" SET "tva_intracommunautaire" = "legal_mentions"."tva_intracommunautaire"
  FROM "legal_mentions" WHERE "legal_mentions"."user_id" = "users"."id";--> statement-breakpoint
ALTER TABLE "legal_mentions" DROP COLUMN "tva_intracommunautaire";--> statement-breakpoint
-- A client with a SIRET or SIREN was a business (the old rule); the others stay individuals.
UPDATE "clients" SET "type" = 'entreprise' WHERE "siret" IS NOT NULL AND "siret" <> '';--> statement-breakpoint
-- Countries become ISO codes; a name not listed here stays as written and is read by parseCountry.
UPDATE "clients" SET "pays" = CASE lower(trim("pays"))
  WHEN '' THEN 'FR' WHEN 'france' THEN 'FR' WHEN 'belgique' THEN 'BE' WHEN 'belgium' THEN 'BE'
  WHEN 'suisse' THEN 'CH' WHEN 'switzerland' THEN 'CH' WHEN 'luxembourg' THEN 'LU'
  WHEN 'allemagne' THEN 'DE' WHEN 'germany' THEN 'DE' WHEN 'espagne' THEN 'ES' WHEN 'spain' THEN 'ES'
  WHEN 'italie' THEN 'IT' WHEN 'italy' THEN 'IT' WHEN 'pays-bas' THEN 'NL' WHEN 'netherlands' THEN 'NL'
  WHEN 'portugal' THEN 'PT' WHEN 'royaume-uni' THEN 'GB' WHEN 'united kingdom' THEN 'GB'
  WHEN 'irlande' THEN 'IE' WHEN 'ireland' THEN 'IE' WHEN 'monaco' THEN 'MC' WHEN 'canada' THEN 'CA'
  WHEN 'états-unis' THEN 'US' WHEN 'etats-unis' THEN 'US' WHEN 'united states' THEN 'US'
  ELSE "pays" END;