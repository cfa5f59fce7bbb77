import * as z from 'zod';
import { contactOrigin, contactOriginDetail } from '../domain/contact-origin.ts';
import { contactView } from '../contracts/contacts/views.ts';
import { defineEvent } from './envelope.ts';

/** A contact unmasked (events are read by the system, never by a viewer): the API's view without `masked`. */
export const contactEventView = contactView
  .omit({ masked: true })
  // How the contact was created (analytics' contact origin); absent on contacts older than origins.
  .extend({ origin: contactOrigin.optional(), origin_detail: contactOriginDetail.optional() });

export const contactCreated = defineEvent('contact.created', z.object({ contact: contactEventView }));
export const contactUpdated = defineEvent(
  'contact.updated',
  z.object({
    contact: contactEventView,
    previous: contactEventView,
    /** Top-level fields whose value differs between the two images. */
    changed: z.array(z.string()),
  }),
);
export const contactDeleted = defineEvent('contact.deleted', z.object({ contact: contactEventView }));

export const CONTACT_EVENTS = [contactCreated, contactUpdated, contactDeleted] as const;
