import * as z from 'zod';
import { contactOrigin } from '../../domain/contact-origin.ts';
import { PLAN_FEATURES, ROLLOUTS } from '../../domain/features.ts';
import { analyticsPtBR as t } from '../../i18n/analytics.ts';
import type { AccessRule } from '../types.ts';
import { defineRoute } from '../types.ts';
import { MAX_RANGE_DAYS } from './views.ts';

const instant = z.iso.datetime({ offset: true, error: t.invalidDateTime });

/** A range [from, to) of at most a year and a day, as the other analytics routes take. */
export const contactOriginQuery = z.object({ from: instant, to: instant }).superRefine((query, ctx) => {
  const span = Date.parse(query.to) - Date.parse(query.from);
  if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: t.rangeInverted });
  else if (span > MAX_RANGE_DAYS * 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: t.rangeTooLong });
  }
});

/** The widget-visitor details the contact-origin report breaks site-widget contacts down by. */
export const ORIGIN_DETAIL_DIMENSIONS = ['page', 'utm_source', 'utm_medium', 'utm_campaign'] as const;
export type OriginDetailDimension = (typeof ORIGIN_DETAIL_DIMENSIONS)[number];
/** Rows answered per detail dimension. */
export const ORIGIN_DETAIL_ROWS = 50;
const detailRows = z.array(z.object({ key: z.string(), contacts: z.number() }));

export const contactOriginResponse = z.object({
  total: z.number(),
  /** Contacts created per origin in the range, most first. */
  rows: z.array(z.object({ key: contactOrigin, label: z.string(), contacts: z.number() })),
  /** Per company day (its time zone), contacts created per origin (origins without any are left out). */
  days: z.array(z.object({ day: z.string(), counts: z.record(z.string(), z.number()) })),
  /**
   * Site-widget contacts by the detail their visitor arrived with, most first (at most ORIGIN_DETAIL_ROWS per
   * dimension): the landing page (origin and path) and the page's utm_source, utm_medium and utm_campaign.
   * Contacts whose page carried no such parameter are counted under an empty key.
   */
  details: z.object(
    Object.fromEntries(ORIGIN_DETAIL_DIMENSIONS.map((dimension) => [dimension, detailRows])) as Record<
      OriginDetailDimension,
      typeof detailRows
    >,
  ),
});
export type ContactOriginView = z.infer<typeof contactOriginResponse>;

/** app/analytics/contact-origin (spec point 2): everyone, with the contact-tracking plan feature and rollout. */
export const CONTACT_ORIGIN_ACCESS = {
  roles: 'all',
  planFeatures: [PLAN_FEATURES.contactTracking],
  rollouts: [ROLLOUTS.planAccessControl],
} as const satisfies AccessRule;

export const getContactOrigin = defineRoute({
  id: 'analytics.contact_origin',
  method: 'GET',
  path: '/analytics/contact-origin',
  domain: 'analytics',
  auth: 'employee',
  access: CONTACT_ORIGIN_ACCESS,
  query: contactOriginQuery,
  response: contactOriginResponse,
});
