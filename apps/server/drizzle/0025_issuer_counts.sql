CREATE TABLE "issuer_counts" (
	"issuer_id" uuid PRIMARY KEY NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issuer_counts" ADD CONSTRAINT "issuer_counts_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by the statements that write invoices, in their transaction: one upsert per issuer a statement
-- touched (a bulk INSERT … SELECT of 10,000 rows is one), in issuer order so that two statements over
-- several issuers lock their rows in the same order. A delete only updates: when a user is deleted, the
-- cascade may already have removed the issuer's row, and an upsert would then break its foreign key.
CREATE FUNCTION "issuer_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO issuer_counts (issuer_id, invoices)
    SELECT issuer_id, count(*)::int FROM inserted GROUP BY issuer_id ORDER BY issuer_id
  ON CONFLICT (issuer_id) DO UPDATE SET invoices = issuer_counts.invoices + EXCLUDED.invoices;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "issuer_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE issuer_counts c SET invoices = c.invoices - d.n
    FROM (SELECT issuer_id, count(*)::int AS n FROM deleted GROUP BY issuer_id) d
    WHERE c.issuer_id = d.issuer_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_count_inserted" AFTER INSERT ON "invoices"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION issuer_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER "invoices_count_deleted" AFTER DELETE ON "invoices"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION issuer_counts_deleted();
--> statement-breakpoint
INSERT INTO issuer_counts (issuer_id, invoices)
  SELECT issuer_id, count(*)::int FROM invoices GROUP BY issuer_id;
