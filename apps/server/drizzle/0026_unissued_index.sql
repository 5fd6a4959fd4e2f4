-- The invoices never issued (drafts, and the deleted ones among them), by issuer: few against an issuer's history.
-- The issued list's total is the issuer's counter (issuer_counts) less the deleted drafts read here, instead of
-- a count over every invoice of the issuer (modules/invoices/invoice-list.repo.ts, issuerListTotal).
CREATE INDEX "invoices_unissued_idx" ON "invoices" USING btree ("issuer_id") WHERE issued_at IS NULL;
