import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { PASSWORD_MIN_LENGTH } from './register-trial.ts';

export const changePasswordBody = z
  .object({
    current_password: z.string().min(1).max(256),
    new_password: z.string().min(PASSWORD_MIN_LENGTH).max(256),
  })
  .refine((body) => body.new_password !== body.current_password, {
    path: ['new_password'],
    message: 'A nova senha deve ser diferente da senha atual.',
  });

/**
 * The signed-in employee replaces their password (the first-login modal). Clears firstLogin and ends the
 * employee's other sessions; the caller's session stays.
 */
export const changePassword = defineRoute({
  id: 'auth.changePassword',
  method: 'POST',
  path: '/auth/password',
  domain: 'auth',
  auth: 'employee',
  body: changePasswordBody,
  successStatus: 204,
  maxBodyBytes: 2048,
});
