import * as z from 'zod';

/**
 * An e-mail integration's credentials: the mailbox address. Apart from the adapter (adapter.ts), whose MIME
 * composer (nodemailer) only the e-mail send consumer needs, so the provider registry reads them without it.
 */
export const emailCredentials = z.object({ email: z.string().email() });
export type EmailCredentials = z.infer<typeof emailCredentials>;
