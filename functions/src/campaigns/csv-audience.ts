import {
  type AudienceListView,
  CSV_AUDIENCE_ERROR_ROWS,
  CSV_AUDIENCE_MAX_ROWS,
  type CsvAudienceBody,
} from '@atende/shared/contracts/campaigns/views';
import { csvAudiencePtBR } from '@atende/shared/i18n/csv-audience';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { newObjectId } from '@atende/shared/domain/object-id';
import { csvVariableKey } from '@atende/shared/rules/csv-audience';
import { normalizePhone } from '@atende/shared/rules/phone';
import Papa from 'papaparse';
import { checkContactInput } from '../contacts/input.ts';
import { phoneClaimKey } from '../contacts/entities.ts';
import { newClaimItems, newDerivedPuts, newProfilePut } from '../contacts/new-contact.ts';
import { applyFields, newContactRecord } from '../contacts/service.ts';
import { claimOwner, readContacts } from '../contacts/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { batchGet, itemOf } from '../lib/dynamo/batch-get.ts';
import { anyConditionFailed, transactWrite } from '../lib/dynamo/transaction.ts';
import { Invalid } from '../lib/errors.ts';
import { putAudienceList } from './audience-lists.ts';
import { type CsvAudienceRow, putCsvRows } from './csv-audience-rows.ts';

const t = csvAudiencePtBR;
/** New contacts written side by side (each its own transaction: its phone claim decides a race). */
const PARALLEL_CREATES = 8;

interface Accepted {
  row: number;
  phone: string;
  name: string;
  variables: Record<string, string>;
}
type RowError = { row: number; phone: string; reason: string };

/** The CSV's header and rows; papaparse guesses the separator (Brazilian spreadsheets often save with ";"). */
function parseCsv(content: string) {
  const parsed = Papa.parse<Record<string, string>>(content.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  return { headers: (parsed.meta.fields ?? []).filter(Boolean), rows: parsed.data };
}

/** The file's rows checked one by one: a valid phone (E.164), each phone once; the rest refused with why. */
function readRows(body: CsvAudienceBody) {
  const sheet = parseCsv(Buffer.from(body.content_base64, 'base64').toString('utf8'));
  if (sheet.headers.length === 0) throw new Invalid('content_base64', t.unreadable);
  const wanted = [body.phone_column, body.name_column, ...body.variable_columns].filter(
    (column): column is string => column !== undefined,
  );
  const missing = wanted.find((column) => !sheet.headers.includes(column));
  if (missing) throw new Invalid('phone_column', interpolate(t.missingColumn, { column: missing }));
  if (sheet.rows.length > CSV_AUDIENCE_MAX_ROWS) {
    throw new Invalid('content_base64', interpolate(t.tooManyRows, { max: CSV_AUDIENCE_MAX_ROWS }));
  }
  const variables = body.variable_columns.map((column, index) => ({
    column,
    key: csvVariableKey(column, index),
  }));
  const accepted: Accepted[] = [];
  const errors: RowError[] = [];
  const seen = new Set<string>();
  sheet.rows.forEach((cells, index) => {
    const row = index + 1;
    const raw = (cells[body.phone_column] ?? '').trim();
    const phone = raw ? normalizePhone(raw) : undefined;
    if (!phone) errors.push({ row, phone: raw, reason: t.reasons.invalidPhone });
    else if (seen.has(phone)) errors.push({ row, phone: raw, reason: t.reasons.duplicateInFile });
    else {
      seen.add(phone);
      accepted.push({
        row,
        phone,
        name: body.name_column ? (cells[body.name_column] ?? '').trim() : '',
        variables: Object.fromEntries(
          variables.map(({ column, key }) => [key, (cells[column] ?? '').trim()]),
        ),
      });
    }
  });
  return { rows: sheet.rows.length, accepted, errors, variables };
}

/** A new contact for a number the company has not got yet; a contact created meanwhile with it wins. */
async function createContact(auth: AuthContext, entry: Accepted): Promise<string | RowError> {
  const checked = checkContactInput(
    { full_name: entry.name || entry.phone, cel_phone: entry.phone },
    { tags: new Set(), wallets: new Set(), customFields: [] },
  );
  if (!checked.ok) return { row: entry.row, phone: entry.phone, reason: t.reasons.invalidName };
  const now = new Date().toISOString();
  const record = applyFields(
    newContactRecord(auth.companyId, now, auth.employeeId, 'import'),
    checked.fields,
    now,
  );
  try {
    await transactWrite({
      claims: newClaimItems(record).map((claim) => claim.item),
      profile: newProfilePut(record),
      derived: newDerivedPuts(record),
    });
    return record._id;
  } catch (error) {
    if (!anyConditionFailed(error)) throw error;
    const owner = await claimOwner(phoneClaimKey(auth.companyId, entry.phone));
    if (!owner) throw error;
    return owner;
  }
}

/**
 * Each accepted row's contact: the one holding its number (one number is one contact), else a new one.
 * Blacklisted contacts are refused here already (the send would exclude them anyway); opt-in under consent
 * and disengagement are judged at send time, as for every audience.
 */
async function contactsOf(auth: AuthContext, accepted: readonly Accepted[]) {
  const keys = accepted.map((entry) => phoneClaimKey(auth.companyId, entry.phone));
  const holders = await batchGet(keys, { attributes: ['customer'] });
  const owners = accepted.map((_, index) => {
    const owner = itemOf(holders, keys[index] as (typeof keys)[number])?.customer;
    return typeof owner === 'string' ? owner : undefined;
  });
  const existing = await readContacts(
    auth.companyId,
    owners.filter((owner): owner is string => owner !== undefined),
  );
  const blacklisted = new Set(
    existing.filter((contact) => contact.blacklisted).map((contact) => contact._id),
  );
  const rows: CsvAudienceRow[] = [];
  const errors: RowError[] = [];
  let created = 0;
  const toCreate: Accepted[] = [];
  accepted.forEach((entry, index) => {
    const owner = owners[index];
    if (!owner) toCreate.push(entry);
    else if (blacklisted.has(owner))
      errors.push({ row: entry.row, phone: entry.phone, reason: t.reasons.blacklisted });
    else rows.push({ contact: owner, phone: entry.phone, variables: entry.variables });
  });
  const queue = [...toCreate];
  const lane = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const result = await createContact(auth, entry);
      if (typeof result !== 'string') errors.push(result);
      else {
        created += 1;
        rows.push({ contact: result, phone: entry.phone, variables: entry.variables });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_CREATES }, lane));
  return { rows, errors, created };
}

/**
 * POST /audience-lists/csv: a saved audience from an uploaded file. Rows with an invalid or repeated number
 * or a blacklisted contact are refused, each with its pt-BR reason; the rest become the list's contacts
 * (new numbers become new contacts) with their row's variables for the campaign (`{{csv.<key>}}`).
 */
export async function createCsvAudienceList(
  auth: AuthContext,
  body: CsvAudienceBody,
): Promise<AudienceListView> {
  const file = readRows(body);
  const resolved = await contactsOf(auth, file.accepted);
  // Two rows whose numbers are one contact's (a contact already holding both) count once.
  const unique = [...new Map(resolved.rows.map((row) => [row.contact, row])).values()];
  if (unique.length === 0) throw new Invalid('content_base64', t.noRows);
  const errors = [...file.errors, ...resolved.errors].sort((a, b) => a.row - b.row);
  const list: AudienceListView = {
    _id: newObjectId(),
    name: body.name,
    audience: {},
    created_at: new Date().toISOString(),
    csv: {
      file_name: body.file_name,
      rows: file.rows,
      accepted: unique.length,
      created_contacts: resolved.created,
      errors: errors.length,
      variables: file.variables,
      error_rows: errors.slice(0, CSV_AUDIENCE_ERROR_ROWS),
    },
  };
  await putCsvRows(auth.companyId, list._id, unique);
  await putAudienceList(auth.companyId, list);
  return list;
}
