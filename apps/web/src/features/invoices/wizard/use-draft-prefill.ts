import type { User } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { legalMentionsQueryOptions } from '../../legal-mentions/api';
import { type InvoiceDraft, mentionsForDraft } from './draft';

/** Calls `fill` once, with the first value that arrives (later reloads leave the user's edits alone). */
export function useFillOnce<T>(data: T | undefined, fill: (value: T) => void): void {
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || data === undefined) return;
    filled.current = true;
    fill(data);
  }, [data, fill]);
}

/**
 * The user's own mentions replace the defaults once, when they arrive; later reloads leave edits alone.
 * Should they not load, the defaults of SPEC §9 stay (the server would answer the same). setValue, not
 * resetField: the mentions' fields are only registered at step 4, and resetField ignores a field that
 * is not registered yet, which left the saved mentions out of every invoice. A duplicate (`keep`) keeps
 * its source's mentions. Returns whether they are still loading.
 */
export function useSavedMentions(form: UseFormReturn<InvoiceDraft>, user: User, keep: boolean): boolean {
  const mentions = useQuery(legalMentionsQueryOptions());
  useFillOnce(keep ? undefined : mentions.data, (saved) =>
    form.setValue(
      'mentions',
      mentionsForDraft(saved, form.getValues('delaiPaiement'), user.tvaIntracommunautaire),
    ),
  );
  return mentions.isPending;
}
