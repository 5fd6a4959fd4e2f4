-- The chain's head moves with every append, in its transaction: a tail deleted behind the application's back
-- no longer reaches the head, and the next append continues from the head (never from the shortened
-- chain), so the gap stays visible. Heads of entries appended since migration 0015's backfill first.
INSERT INTO "journal_heads" ("issuer_id", "seq", "hash")
SELECT DISTINCT ON ("issuer_id") "issuer_id", "seq", "hash" FROM "journal_entries" ORDER BY "issuer_id", "seq" DESC
ON CONFLICT ("issuer_id") DO UPDATE SET "seq" = EXCLUDED."seq", "hash" = EXCLUDED."hash", "updated_at" = now()
  WHERE "journal_heads"."seq" < EXCLUDED."seq";
--> statement-breakpoint
-- Chains from the further of the head and the last entry: the head is moved after each row of a statement
-- (journal_entries_move_head, an AFTER trigger, fires once the statement's rows are in), so the rows of one
-- batched statement are read from the entries; a deleted tail leaves the head further, and wins.
-- The JavaScript twin of this hash is modules/journal/journal-hash.ts (verification).
CREATE OR REPLACE FUNCTION "journal_entries_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq integer;
  last_hash text;
  head_seq integer;
  head_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('journal:' || NEW.issuer_id::text, 0));
  SELECT e.seq, e.hash INTO last_seq, last_hash FROM journal_entries e
    WHERE e.issuer_id = NEW.issuer_id ORDER BY e.seq DESC LIMIT 1;
  SELECT h.seq, h.hash INTO head_seq, head_hash FROM journal_heads h WHERE h.issuer_id = NEW.issuer_id;
  IF head_seq IS NOT NULL AND head_seq > coalesce(last_seq, 0) THEN
    last_seq := head_seq;
    last_hash := head_hash;
  END IF;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.previous_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := encode(sha256(convert_to(NEW.previous_hash || E'\n' || NEW.content, 'UTF8')), 'hex');
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- AFTER, not in the BEFORE trigger: a row an INSERT … ON CONFLICT DO NOTHING skips (a seal already written)
-- fires no AFTER trigger, so only rows really appended move the head.
CREATE FUNCTION "journal_entries_move_head"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO journal_heads (issuer_id, seq, hash, updated_at) VALUES (NEW.issuer_id, NEW.seq, NEW.hash, now())
  ON CONFLICT (issuer_id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash, updated_at = EXCLUDED.updated_at;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "journal_entries_move_head" AFTER INSERT ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "journal_entries_move_head"();
--> statement-breakpoint
-- A head is never removed nor moved back, and always names an entry the chain holds: the application's
-- role (which may not disable triggers: it does not own the tables) cannot hide a deleted tail by it.
CREATE FUNCTION "journal_heads_forward_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'TRUNCATE') THEN
    RAISE EXCEPTION 'journal_heads n’avance que : % refusé', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.issuer_id <> OLD.issuer_id OR NEW.seq <= OLD.seq) THEN
    RAISE EXCEPTION 'journal_heads n’avance que : tête % ramenée à %', OLD.seq, NEW.seq
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM journal_entries e
      WHERE e.issuer_id = NEW.issuer_id AND e.seq = NEW.seq AND e.hash = NEW.hash) THEN
    RAISE EXCEPTION 'journal_heads : la tête % ne désigne aucune entrée du registre', NEW.seq
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "journal_heads_forward_only" BEFORE INSERT OR UPDATE OR DELETE ON "journal_heads"
  FOR EACH ROW EXECUTE FUNCTION "journal_heads_forward_only"();
--> statement-breakpoint
CREATE TRIGGER "journal_heads_no_truncate" BEFORE TRUNCATE ON "journal_heads"
  FOR EACH STATEMENT EXECUTE FUNCTION "journal_heads_forward_only"();
--> statement-breakpoint
-- Each ended day is sealed the night after, like each month: one daily closing per issuer and day.
CREATE UNIQUE INDEX "journal_entries_daily_closing_key" ON "journal_entries" USING btree ("issuer_id","period") WHERE kind = 'cloture_quotidienne';
