import * as z from 'zod';
import { defineRoute } from '../types.ts';
import { integrationRef, templateName, templateView } from './views.ts';

/** Meta's template categories (a template is reviewed, and priced, by its category). */
export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;

export const submitTemplateBody = z
  .object({
    integration: integrationRef,
    name: templateName,
    language: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/)
      .default('pt_BR'),
    category: z.enum(TEMPLATE_CATEGORIES),
    /** Optional text header (up to 60 characters, at most one {{1}}). */
    header: z.string().trim().max(60).optional(),
    body: z.string().trim().min(1).max(1024),
    /** Sample values of the body's {{1}}, {{2}} ... in order: Meta reviews templates with their examples. */
    examples: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
  })
  .strict();
export type SubmitTemplateBody = z.infer<typeof submitTemplateBody>;

/**
 * Creates a template on Meta (the WABA's message_templates edge) and stores it with the status Meta answers
 * (PENDING while in review, up to 24 h); the message_template_status_update webhook moves it on.
 */
export const submitTemplate = defineRoute({
  id: 'templates.submit',
  method: 'POST',
  path: '/templates/submit',
  domain: 'templates',
  auth: 'employee',
  access: { roles: ['admin', 'manager'], companyPermission: 'manage_integration' },
  body: submitTemplateBody,
  response: templateView,
  successStatus: 201,
});
