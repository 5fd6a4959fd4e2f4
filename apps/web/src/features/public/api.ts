import {
  type contactRequestSchema,
  publicFormResponseSchema,
  type waitlistRequestSchema,
} from '@facturo/shared/public-forms';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '../../lib/api';

/** What the forms send: the shared schemas' output, already trimmed and lower-cased. */
export type ContactBody = z.output<typeof contactRequestSchema>;
export type WaitlistBody = z.output<typeof waitlistRequestSchema>;
export type PublicFormResponse = z.infer<typeof publicFormResponseSchema>;

/* The two forms of the public site; both answer `{ message }` with the sentence to show. */

export const sendContactMessage = (body: ContactBody): Promise<PublicFormResponse> =>
  apiPost('/contact', body, publicFormResponseSchema);

/** 201 the first time, 200 when the address is already on that feature's list: both are a success. */
export const joinWaitlist = (body: WaitlistBody): Promise<PublicFormResponse> =>
  apiPost('/waitlist', body, publicFormResponseSchema);

export const useContactMutation = () => useMutation({ mutationFn: sendContactMessage });
export const useWaitlistMutation = () => useMutation({ mutationFn: joinWaitlist });
