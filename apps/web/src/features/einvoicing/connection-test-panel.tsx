import { CONNECTION_TEST_STEP_LABELS, CONNECTION_TEST_STEPS } from '@facturo/shared';
import { CheckCircle2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadingStatus } from '../../components/ui/loading-status';
import { einvoicingErrorMessage, useTestConnectionMutation } from './api';

const TEST_ERROR = 'Erreur lors du test de la connexion';

/**
 * « Tester la connexion »: the saved connection's token, Flow Service, Directory Service and webhook,
 * each step's result in French (the webhook registered now if it was not yet). `children`: the form's
 * other actions, beside the button; the results take the whole width below.
 */
export function ConnectionTestPanel({ dirty, children }: { dirty: boolean; children: ReactNode }) {
  const test = useTestConnectionMutation();
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-end gap-3">
        <Button type="button" variant="secondary" loading={test.isPending} onClick={() => test.mutate()}>
          Tester la connexion
        </Button>
        {children}
      </div>
      {dirty && <p className="text-sm text-slate-600">Le test porte sur la connexion enregistrée.</p>}
      <div aria-live="polite">
        {test.isPending ? (
          <LoadingStatus>Test de la connexion en cours...</LoadingStatus>
        ) : test.isError ? (
          <Alert variant="error">{einvoicingErrorMessage(test.error, TEST_ERROR)}</Alert>
        ) : (
          test.data && (
            <ul aria-label="Résultat du test de la connexion" className="space-y-2 text-sm">
              {CONNECTION_TEST_STEPS.map((step) => {
                const { ok, message } = test.data[step];
                const Icon = ok ? CheckCircle2 : XCircle;
                return (
                  <li key={step} className="flex gap-2">
                    <Icon
                      className={`mt-0.5 size-4 shrink-0 ${ok ? 'text-emerald-600' : 'text-red-600'}`}
                      aria-hidden="true"
                    />
                    <span className="min-w-0 break-words">
                      <span className="font-medium text-slate-800">
                        {CONNECTION_TEST_STEP_LABELS[step]} : {ok ? 'réussi' : 'échec'}
                      </span>
                      <span className="text-slate-700"> — {message}</span>
                    </span>
                  </li>
                );
              })}
            </ul>
          )
        )}
      </div>
    </div>
  );
}
