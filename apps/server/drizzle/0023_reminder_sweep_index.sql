-- The reminder sweep (modules/reminders/reminder-candidates.repo.ts) reads, across every professional, the sent
-- invoices still open and undisputed whose due date falls in the steps' window. Paid invoices are most of
-- the table and never reminded: the partial index holds only the others, by due date (then id, the sweep's
-- order). Its predicate uses immutable column tests that the sweep's WHERE states or implies.
CREATE INDEX "invoices_reminder_sweep_idx" ON "invoices" USING btree ("date_echeance","id") WHERE sent_at IS NOT NULL AND issued_at IS NOT NULL AND dispute IS NULL AND type <> 'avoir' AND issuer_status <> 'payee' AND issuer_status <> 'annulee';
