import type { AudienceListView } from '@atende/shared/contracts/campaigns/views';
import type { VariableMapping } from '@atende/shared/contracts/campaigns/campaign-fields';
import { csvAudiencePtBR } from '@atende/shared/i18n/csv-audience';
import { CSV_VARIABLE_PREFIX } from '@atende/shared/rules/csv-audience';
import { Invalid } from '../lib/errors.ts';
import { queryPages } from '../lib/dynamo/query.ts';
import { batchWrite } from '../lib/dynamo/batch-write.ts';

/**
 * The contacts of an uploaded CSV audience, one item per contact with its row's variables:
 * `C#<cid>#AUDIENCEROWS#<list id>` / `<contact id>`. The company id leads the key, like every key.
 */
const rowsPk = (companyId: string, listId: string) => `C#${companyId}#AUDIENCEROWS#${listId}`;

export interface CsvAudienceRow {
  contact: string;
  phone: string;
  variables: Record<string, string>;
}

export async function putCsvRows(companyId: string, listId: string, rows: readonly CsvAudienceRow[]) {
  await batchWrite(
    rows.map((row) => ({
      PutRequest: {
        Item: { pk: rowsPk(companyId, listId), sk: row.contact, entity: 'audience-row', ...row },
      },
    })),
  );
}

/** Every row of the list, page by page (a list holds at most CSV_AUDIENCE_MAX_ROWS). */
export async function readCsvRows(companyId: string, listId: string): Promise<CsvAudienceRow[]> {
  const rows: CsvAudienceRow[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': rowsPk(companyId, listId) },
  })) {
    for (const item of page.items) {
      rows.push({
        contact: String(item.contact),
        phone: String(item.phone),
        variables: (item.variables as Record<string, string> | undefined) ?? {},
      });
    }
  }
  return rows;
}

/** A deleted list takes its rows along. */
export async function deleteCsvRows(companyId: string, listId: string): Promise<void> {
  const rows = await readCsvRows(companyId, listId);
  await batchWrite(
    rows.map((row) => ({ DeleteRequest: { Key: { pk: rowsPk(companyId, listId), sk: row.contact } } })),
  );
}

/**
 * The per-row variables of a campaign's CSV audience by contact, when its audience names a CSV list; the
 * campaign's variables read them as `csv.<key>`.
 */
export async function csvVariablesOf(
  companyId: string,
  audienceList: string | undefined,
): Promise<ReadonlyMap<string, Record<string, string>>> {
  if (!audienceList) return new Map();
  const rows = await readCsvRows(companyId, audienceList);
  return new Map(rows.map((row) => [row.contact, row.variables]));
}

/** A lookup that answers `csv.<key>` from the row before asking the contact's own lookup. */
export const withCsvVariables =
  (lookup: (key: string) => string | undefined, variables: Record<string, string> | undefined) =>
  (key: string): string | undefined =>
    key.startsWith(CSV_VARIABLE_PREFIX)
      ? variables?.[key.slice(CSV_VARIABLE_PREFIX.length)] || undefined
      : lookup(key);

/**
 * A `csv.<key>` variable needs the campaign's audience to be a CSV list with that column; anything else would
 * reach the customer as the typed `{{csv.<key>}}`.
 */
export function checkCsvVariables(variables: VariableMapping, list: AudienceListView | undefined): void {
  for (const [placeholder, entry] of Object.entries(variables)) {
    if (entry.source !== 'field' || !entry.value.startsWith(CSV_VARIABLE_PREFIX)) continue;
    const key = entry.value.slice(CSV_VARIABLE_PREFIX.length);
    if (!list?.csv?.variables.some((variable) => variable.key === key)) {
      throw new Invalid(`variables.${placeholder}`, csvAudiencePtBR.csvVariableWithoutList);
    }
  }
}
