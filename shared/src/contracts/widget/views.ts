import { contactOriginDetail } from '../../domain/contact-origin-detail.ts';
import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { TEXT_LIMITS } from '../../rules/sending.ts';
import { widgetSettings } from '../integrations/record-fields.ts';

/**
 * The site widget's public API. The widget id in the path fixes the company; the visitor proves who they are
 * with the visitor token answered by the sessions route (Authorization: Bearer), checked by the handler
 * because these routes are public to API Gateway.
 */
export const widgetParams = z.object({ widgetId: objectId });

export const widgetConfig = z.object({
  widgetId: objectId,
  label: z.string(),
  ...widgetSettings.shape,
});
export type WidgetConfig = z.infer<typeof widgetConfig>;

export const widgetSessionBody = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  email: z.email().max(320).optional(),
  /** The page the widget runs on and its UTM parameters (the contact-origin report's detail). */
  origin: contactOriginDetail.optional(),
});

export const widgetSession = z.object({
  visitorId: objectId,
  token: z.string(),
  /** ISO 8601 expiry of the token; the widget starts a new session after it. */
  expiresAt: z.string(),
});
export type WidgetSession = z.infer<typeof widgetSession>;

/** A client-generated id: the idempotency key of a visitor message, so a retried post lands once. */
export const clientMessageId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, {
  message: 'deve ter de 8 a 64 letras, números, _ ou -',
});

export const widgetMessageBody = z.object({
  id: clientMessageId,
  text: z.string().trim().min(1).max(TEXT_LIMITS.widget),
});

export const widgetMessageAccepted = z.object({ id: clientMessageId });

export const WIDGET_MESSAGE_SENDERS = ['customer', 'operator'] as const;

export const widgetMessage = z.object({
  id: z.string(),
  sender: z.enum(WIDGET_MESSAGE_SENDERS),
  text: z.string(),
  created_at: z.string(),
  /** The operator's name, when the company shows it. */
  operator_name: z.string().optional(),
  /** A bot menu's options, shown as buttons; a click sends the option's label. */
  buttons: z
    .array(z.object({ id: z.string(), label: z.string() }))
    .max(10)
    .optional(),
});
export type WidgetMessage = z.infer<typeof widgetMessage>;

export const WIDGET_PAGE_SIZE = { default: 50, max: 100 } as const;

export const widgetMessagesQuery = z.object({
  cursor: z.string().min(1).max(512).optional(),
  limit: z.coerce.number().int().min(1).max(WIDGET_PAGE_SIZE.max).default(WIDGET_PAGE_SIZE.default),
});

/** Newest first; `nextCursor` pages to older messages. */
export const widgetMessagesPage = z.object({
  items: z.array(widgetMessage),
  nextCursor: z.string().nullable(),
});
export type WidgetMessagesPage = z.infer<typeof widgetMessagesPage>;
