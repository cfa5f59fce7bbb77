import {
  SMART_TAG_STATUSES,
  smartTagConditionView,
  type SmartTagView,
} from '@atende/shared/contracts/smart-tags/views';
import { smartTagMessagesPtBR } from '@atende/shared/i18n/pt-BR';
import { SMART_TAG_MATCHES } from '@atende/shared/rules/smart-tags';
import * as z from 'zod';
import type { Catalogue } from '../lib/dynamo/catalogue.ts';
import { foldText } from '../contacts/text.ts';

/**
 * A smart tag as stored (a catalogue item of kind SMART_TAGS) with its refresh state:
 * - rule_version changes with the rule; every membership write is conditioned on it, so a write computed under
 *   an older rule is refused;
 * - run names the current recomputation; its checkpoints (cursor, processed) are conditioned on it, so an edit
 *   or a newer run stops an older one;
 * - gsi3 SMART_TAGS_DAILY / <company>#<id> lists every smart tag across companies for the daily run, holding
 *   only ids (like the open-conversations index).
 */
export const smartTagRecord = z.object({
  _id: z.string(),
  name: z.string(),
  color: z.string(),
  match: z.enum(SMART_TAG_MATCHES),
  conditions: z.array(smartTagConditionView),
  time_based: z.boolean(),
  needs_activity: z.boolean(),
  rule_version: z.number().int().nonnegative(),
  run: z.string(),
  status: z.enum(SMART_TAG_STATUSES),
  processed: z.number().int().nonnegative().default(0),
  total: z.number().int().nonnegative().default(0),
  cursor: z.string().nullable().default(null),
  members_count: z.number().int().default(0),
  refreshed_at: z.string().nullable().default(null),
  created_at: z.string(),
  updated_at: z.string(),
  gsi3pk: z.string(),
  gsi3sk: z.string(),
});
export type SmartTagRecord = z.infer<typeof smartTagRecord>;

export const DAILY_INDEX = 'SMART_TAGS_DAILY';

/** Attributes the refresh and the membership writes own. */
const REFRESH_STATE = [
  'members_count',
  'status',
  'processed',
  'total',
  'cursor',
  'refreshed_at',
  'run',
  'rule_version',
] as const;

const base = {
  kind: 'SMART_TAGS',
  schema: smartTagRecord,
  unique: (tag: SmartTagRecord) => foldText(tag.name),
  notFound: smartTagMessagesPtBR.notFound,
  taken: smartTagMessagesPtBR.nameTaken,
  takenField: 'name',
} satisfies Omit<Catalogue<SmartTagRecord>, 'counters'>;

/** For a new rule: everything but the members count is written. */
export const smartTagCatalogue: Catalogue<SmartTagRecord> = { ...base, counters: ['members_count'] };

/** For a rename or a recolour: a running refresh keeps its state. */
export const smartTagLabelCatalogue: Catalogue<SmartTagRecord> = { ...base, counters: REFRESH_STATE };

export const toSmartTagView = (record: SmartTagRecord): SmartTagView => ({
  _id: record._id,
  name: record.name,
  color: record.color,
  match: record.match,
  conditions: record.conditions,
  status: record.status,
  progress: { processed: record.processed, total: Math.max(record.total, record.processed) },
  members_count: Math.max(0, record.members_count),
  time_based: record.time_based,
  refreshed_at: record.refreshed_at,
  created_at: record.created_at,
  updated_at: record.updated_at,
});
