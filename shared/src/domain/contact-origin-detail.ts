import * as z from 'zod';
import { UTM_FIELDS } from './origin-page.ts';

const utmValue = z.string().trim().min(1).max(120);

/**
 * Where a site-widget visitor came from: the page the widget ran on (origin and path, without its query string,
 * so personal data in a query never reaches the ledger) and the page's UTM parameters. Recorded with the
 * contact's origin when the visitor's first message creates the contact.
 */
export const contactOriginDetail = z.object({
  page: z.string().trim().min(1).max(300).optional(),
  utm: z.partialRecord(z.enum(UTM_FIELDS), utmValue).optional(),
});
export type ContactOriginDetail = z.infer<typeof contactOriginDetail>;
