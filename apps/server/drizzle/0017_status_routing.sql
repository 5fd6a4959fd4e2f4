ALTER TABLE "test_platform_flows" ADD COLUMN "recipient_siret" text;--> statement-breakpoint
-- The test platform delivers a flow to the one account holding its routing address (a SIRET). Flows kept
-- before were addressed by SIREN: they keep reaching that SIREN's account only where it is the only open,
-- unflagged one; otherwise they reach nobody, as a real platform would not guess.
UPDATE "test_platform_flows" AS f SET "recipient_siret" = u."siret"
FROM "users" AS u
WHERE f."recipient_siren" IS NOT NULL
	AND u."role" = 'professionnel' AND u."deleted_at" IS NULL AND NOT u."siret_duplicate"
	AND left(u."siret", 9) = f."recipient_siren"
	AND (
		SELECT count(*) FROM "users" AS v
		WHERE v."role" = 'professionnel' AND v."deleted_at" IS NULL AND NOT v."siret_duplicate"
			AND left(v."siret", 9) = f."recipient_siren"
	) = 1;--> statement-breakpoint
CREATE INDEX "test_platform_flows_recipient_siret_idx" ON "test_platform_flows" USING btree ("recipient_siret","updated_at");
