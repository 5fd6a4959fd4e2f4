import {
  type LoginRequest,
  type LoginResponse,
  loginResponseSchema,
  type MessageResponse,
  messageResponseSchema,
  type RegisterRequest,
  type RegisterResponse,
  type ResetPasswordConfirmRequest,
  registerResponseSchema,
} from '@facturo/shared/sign-in';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPost } from '../../lib/api';

/** The reset calls are only documented by their errors: accept any success body, keep a message if sent. */
const optionalMessageSchema = z.object({ message: z.string().optional() });
type OptionalMessage = z.infer<typeof optionalMessageSchema>;

/* Plain calls of the auth API (SPEC §7), wrapped in mutations below for the pages. */

export const login = (body: LoginRequest): Promise<LoginResponse> =>
  apiPost('/auth/login', body, loginResponseSchema);

export const register = (body: RegisterRequest): Promise<RegisterResponse> =>
  apiPost('/auth/register', body, registerResponseSchema);

export const requestPasswordReset = (email: string): Promise<OptionalMessage> =>
  apiPost('/auth/reset-password', { email }, optionalMessageSchema);

export const confirmPasswordReset = (body: ResetPasswordConfirmRequest): Promise<OptionalMessage> =>
  apiPost('/auth/reset-password-confirm', body, optionalMessageSchema);

export const verifyEmail = (token: string): Promise<MessageResponse> =>
  apiPost('/auth/verify-email', { token }, messageResponseSchema);

export const unlockLogin = (token: string): Promise<MessageResponse> =>
  apiPost('/auth/unlock-login', { token }, messageResponseSchema);

export const resendVerification = (email: string): Promise<MessageResponse> =>
  apiPost('/auth/resend-verification', { email }, messageResponseSchema);

export const useLoginMutation = () => useMutation({ mutationFn: login });
export const useRegisterMutation = () => useMutation({ mutationFn: register });
export const usePasswordResetMutation = () => useMutation({ mutationFn: requestPasswordReset });
export const usePasswordResetConfirmMutation = () => useMutation({ mutationFn: confirmPasswordReset });
export const useResendVerificationMutation = () => useMutation({ mutationFn: resendVerification });
