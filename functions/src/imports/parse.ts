import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { xlsxRows } from './xlsx-rows.ts';

export type FileFormat = 'csv' | 'xlsx';

export const formatOf = (fileName: string, declared?: FileFormat): FileFormat | undefined =>
  declared ?? (/\.xlsx$/i.test(fileName) ? 'xlsx' : /\.(csv|txt)$/i.test(fileName) ? 'csv' : undefined);

export interface SheetStream {
  headers: string[];
  /** Data rows as header → cell text, in file order, rows with no value skipped; read as they are consumed. */
  rows: AsyncGenerator<Record<string, string>>;
  /** Stops reading (the parsers let go of the source) when the rows are not read to the end. */
  close: () => Promise<void>;
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The header line's most frequent separator (Brazilian spreadsheets often save CSV with ";"). */
export function guessDelimiter(headerLine: string): string {
  const counts = DELIMITERS.map((delimiter) => headerLine.split(delimiter).length - 1);
  const best = Math.max(...counts);
  return best === 0 ? ',' : (DELIMITERS[counts.indexOf(best)] as string);
}

/** The CSV's records as cell arrays; the separator is guessed from the first line before parsing starts. */
async function* csvRecords(source: AsyncIterable<Uint8Array>): AsyncGenerator<string[]> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let text = '';
  while (!/[\r\n]/.test(text)) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(Buffer.from(next.value));
    text = Buffer.concat(head).toString('utf8');
  }
  const delimiter = guessDelimiter(text.replace(/^\uFEFF/, '').split(/\r?\n|\r/)[0] ?? '');
  async function* whole() {
    yield* head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const input = Readable.from(whole());
  const parser = input.pipe(
    parse({ bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }),
  );
  // `pipe` does not pass a source's failure on (a connection to S3 dropped mid-file): the rows end with it, as
  // the caller's error, instead of an unhandled stream error taking the process down.
  input.once('error', (error) => parser.destroy(error));
  try {
    for await (const record of parser) yield record as string[];
  } finally {
    input.destroy();
  }
}

/**
 * Opens a CSV or XLSX stream: reads up to its header row and answers the headers with a generator of the data
 * rows. Both parsers stream, so memory stays flat however long the file is.
 */
export async function openSheet(source: AsyncIterable<Uint8Array>, format: FileFormat): Promise<SheetStream> {
  const records = format === 'xlsx' ? xlsxRows(source) : csvRecords(source);
  const first = await records.next();
  const headers = first.done ? [] : first.value.map((header) => header.trim());
  const columns = headers.flatMap((header, index) =>
    header && headers.indexOf(header) === index ? [[header, index] as const] : [],
  );
  async function* rows(): AsyncGenerator<Record<string, string>> {
    for await (const record of records) {
      if (!record.some((cell) => cell.trim() !== '')) continue;
      yield Object.fromEntries(columns.map(([header, index]) => [header, record[index] ?? '']));
    }
  }
  return {
    headers: columns.map(([header]) => header),
    rows: rows(),
    close: async () => {
      await records.return(undefined);
    },
  };
}

/** How many data rows the rest of the sheet holds, counted the way the consumer reads them. */
export async function countRows(sheet: SheetStream): Promise<number> {
  let count = 0;
  while (!(await sheet.rows.next()).done) count += 1;
  return count;
}
