import { type CreditNoteInput, DOCUMENT_MESSAGES, formatEuros, type Invoice } from '@facturo/shared';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Choice } from '../../../components/ui/choice';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import {
  type CreditLine,
  type CreditMode,
  creditNoteBody,
  creditProblem,
  creditTotals,
  initialCreditLines,
  remainingCreditCents,
} from './credit-lines';
import { CreditLinesTable } from './credit-lines-table';

interface CreditNoteFormProps {
  invoice: Invoice;
  pending: boolean;
  /** The server's refusal, in its words. */
  failure: string | null;
  onSubmit: (body: CreditNoteInput) => void;
}

/**
 * The credit note's choices (issue 15): the whole invoice (default) or chosen lines and amounts, and
 * the reason, required. « Continuer » shows what will be issued and asks once more: a credit note is
 * final. Once part of the invoice was credited, only a partial credit is left.
 */
export function CreditNoteForm({ invoice, pending, failure, onSubmit }: CreditNoteFormProps) {
  const alreadyCredited = invoice.montantCredite > 0;
  const [mode, setMode] = useState<CreditMode>(alreadyCredited ? 'partiel' : 'total');
  const [lines, setLines] = useState<CreditLine[]>(() => initialCreditLines(invoice));
  const [motif, setMotif] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const withVat = invoice.categorieTVA === 'S';
  const totals = creditTotals(invoice, mode, lines);
  const motifMissing = problem === DOCUMENT_MESSAGES.creditReasonRequired;

  function changeLine(index: number, patch: Partial<CreditLine>) {
    setLines((current) => current.map((line, i) => (i === index ? { ...line, ...patch } : line)));
    setProblem(null);
  }

  function proceed() {
    const found = creditProblem(invoice, mode, lines, motif);
    setProblem(found);
    if (!found) setConfirming(true);
  }

  if (confirming) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-800">
          Émettre un avoir de <span className="font-semibold">{formatEuros(totals.ttcCents / 100)}</span> sur
          la facture <span className="font-semibold tabular-nums">{invoice.numero}</span> ?
        </p>
        <p className="text-sm text-slate-700">Motif : {motif.trim()}</p>
        <p className="text-sm text-slate-700">{DOCUMENT_MESSAGES.creditNoteLocked}</p>
        {failure && <Alert variant="error">{failure}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={pending} onClick={() => setConfirming(false)}>
            Retour
          </Button>
          <Button loading={pending} onClick={() => onSubmit(creditNoteBody(mode, lines, motif))}>
            Confirmer l’avoir
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Montant de l’avoir</legend>
        <Choice
          type="radio"
          name="credit-mode"
          checked={mode === 'total'}
          disabled={alreadyCredited}
          onChange={() => setMode('total')}
          label="Avoir total"
          description={
            alreadyCredited
              ? 'Un avoir a déjà été émis sur cette facture : choisissez ce qui reste à créditer.'
              : `Toute la facture : ${formatEuros(invoice.montantTTC)}.`
          }
        />
        <Choice
          type="radio"
          name="credit-mode"
          checked={mode === 'partiel'}
          onChange={() => setMode('partiel')}
          label="Avoir partiel"
          description="Les lignes et les montants de votre choix."
        />
      </fieldset>

      {mode === 'partiel' && <CreditLinesTable lines={lines} withVat={withVat} onChange={changeLine} />}

      <dl className="space-y-1 text-sm tabular-nums sm:ml-auto sm:max-w-xs">
        <div className="flex justify-between gap-4">
          <dt>Total HT</dt>
          <dd>{formatEuros(totals.htCents / 100)}</dd>
        </div>
        {withVat && (
          <div className="flex justify-between gap-4">
            <dt>TVA</dt>
            <dd>{formatEuros(totals.vatCents / 100)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 font-semibold text-slate-900">
          <dt>Total de l’avoir{withVat ? ' TTC' : ''}</dt>
          <dd>{formatEuros(totals.ttcCents / 100)}</dd>
        </div>
        <div className="flex justify-between gap-4 text-slate-600">
          <dt>Reste à créditer</dt>
          <dd>{formatEuros(remainingCreditCents(invoice) / 100)}</dd>
        </div>
      </dl>

      <Field label="Motif" required error={motifMissing ? DOCUMENT_MESSAGES.creditReasonRequired : undefined}>
        {(control) => (
          <Textarea
            {...control}
            required
            rows={3}
            maxLength={500}
            value={motif}
            onChange={(event) => {
              setMotif(event.target.value);
              setProblem(null);
            }}
          />
        )}
      </Field>

      {problem && !motifMissing && <Alert variant="error">{problem}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary">Annuler</Button>
        </Dialog.Close>
        <Button onClick={proceed}>Continuer</Button>
      </div>
    </div>
  );
}
