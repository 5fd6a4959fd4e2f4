-- A journal is kept as long as its issuer's books are (Code de commerce L123-22), and no role of the
-- application may change or remove it. One exception: the issuer whose closed account has been erased at
-- their own request, after downloading its archive (« Supprimer définitivement »: no sign-in, no archive
-- address, no retention date left). Their journal — entries, daily and monthly
-- closings and head — may then be deleted, and only deleted, and only as a whole issuer's.
CREATE FUNCTION "journal_issuer_erased"(issuer uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM users u WHERE u.id = issuer AND u.deleted_at IS NOT NULL
    AND u.password_hash IS NULL AND u.archive_email IS NULL AND u.retention_until IS NULL)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "journal_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND journal_issuer_erased(OLD.issuer_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'journal_entries est en ajout seul : % refusé', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "journal_heads_forward_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND journal_issuer_erased(OLD.issuer_id) THEN
    RETURN OLD;
  END IF;
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
