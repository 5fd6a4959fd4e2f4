CREATE TABLE "journal_entries" (
	"issuer_id" uuid NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"document_type" text,
	"document_id" uuid,
	"numero" text,
	"pdf_sha256" text,
	"period" text,
	"content" text NOT NULL,
	"previous_hash" text DEFAULT '' NOT NULL,
	"hash" text DEFAULT '' NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_issuer_id_seq_pk" PRIMARY KEY("issuer_id","seq")
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"date_achat" date NOT NULL,
	"fournisseur" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount_ttc_cents" bigint NOT NULL,
	"vat_cents" bigint DEFAULT 0 NOT NULL,
	"payment_method" text DEFAULT 'virement' NOT NULL,
	"receipt" "bytea",
	"receipt_content_type" text,
	"receipt_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_amount_positive" CHECK (amount_ttc_cents > 0),
	CONSTRAINT "purchases_vat_within" CHECK (vat_cents >= 0 and vat_cents <= amount_ttc_cents)
);
--> statement-breakpoint
CREATE TABLE "yearly_archives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"status" text DEFAULT 'en_attente' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"zip" "bytea",
	"sha256" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearly_archives" ADD CONSTRAINT "yearly_archives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_document_idx" ON "journal_entries" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_closing_key" ON "journal_entries" USING btree ("issuer_id","period") WHERE kind = 'cloture_mensuelle';--> statement-breakpoint
CREATE INDEX "purchases_user_date_idx" ON "purchases" USING btree ("user_id","date_achat");--> statement-breakpoint
CREATE INDEX "yearly_archives_user_idx" ON "yearly_archives" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Issue 18: the journal's hash chain is written by the database itself, so that every way of appending
-- (one statement of several numbered invoices included) chains the same way. One issuer's appends wait
-- on a transaction lock of that issuer: the last entry read is the last committed, and seq stays continuous.
-- The JavaScript twin of this hash is modules/journal/journal-hash.ts (verification).
CREATE FUNCTION "journal_entries_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq integer;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('journal:' || NEW.issuer_id::text, 0));
  SELECT e.seq, e.hash INTO last_seq, last_hash FROM journal_entries e
    WHERE e.issuer_id = NEW.issuer_id ORDER BY e.seq DESC LIMIT 1;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.previous_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := encode(sha256(convert_to(NEW.previous_hash || E'\n' || NEW.content, 'UTF8')), 'hex');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "journal_entries_chain" BEFORE INSERT ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "journal_entries_chain"();
--> statement-breakpoint
-- Append only: an entry, once written, is never changed nor removed (nor the table emptied).
CREATE FUNCTION "journal_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'journal_entries est en ajout seul : % refusé', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "journal_entries_append_only" BEFORE UPDATE OR DELETE ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "journal_entries_append_only"();
--> statement-breakpoint
CREATE TRIGGER "journal_entries_no_truncate" BEFORE TRUNCATE ON "journal_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "journal_entries_append_only"();
