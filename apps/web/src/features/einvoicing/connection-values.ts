import {
  type ClientAuthMethod,
  type EInvoicingConnection,
  type EInvoicingConnectionInput,
  einvoicingConnectionInputSchema,
} from '@facturo/shared';

/** The form's fields, flat: the approved platform's ones are kept while the test platform is chosen. */
export interface ConnectionFormValues {
  plateforme: 'test' | 'afnor';
  urlApi: string;
  urlAnnuaire: string;
  urlJeton: string;
  identifiantClient: string;
  secretClient: string;
  authentificationClient: ClientAuthMethod;
}

export function connectionFormValues(connection: EInvoicingConnection): ConnectionFormValues {
  return {
    plateforme: connection.plateforme,
    urlApi: connection.urlApi ?? '',
    urlAnnuaire: connection.urlAnnuaire ?? '',
    urlJeton: connection.urlJeton ?? '',
    identifiantClient: connection.plateforme === 'afnor' ? (connection.identifiantClient ?? '') : '',
    secretClient: '',
    authentificationClient: connection.authentificationClient,
  };
}

export type ConnectionFieldErrors = Partial<Record<keyof ConnectionFormValues, string>>;

/**
 * The body of PUT /facturation-electronique/connexion, or the errors by field. A secret left blank is
 * not sent: the one saved is kept (the server refuses a first connection without it).
 */
export function connectionInput(
  values: ConnectionFormValues,
): { input: EInvoicingConnectionInput } | { errors: ConnectionFieldErrors } {
  const body =
    values.plateforme === 'test'
      ? { plateforme: 'test' as const }
      : {
          plateforme: 'afnor' as const,
          urlApi: values.urlApi.trim(),
          urlAnnuaire: values.urlAnnuaire.trim(),
          urlJeton: values.urlJeton.trim(),
          identifiantClient: values.identifiantClient.trim(),
          ...(values.secretClient ? { secretClient: values.secretClient } : {}),
          authentificationClient: values.authentificationClient,
        };
  const parsed = einvoicingConnectionInputSchema.safeParse(body);
  if (parsed.success) return { input: parsed.data };
  const errors: ConnectionFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !errors[field as keyof ConnectionFormValues]) {
      errors[field as keyof ConnectionFormValues] = issue.message.startsWith('Invalid')
        ? 'Valeur invalide.'
        : issue.message;
    }
  }
  return { errors };
}
