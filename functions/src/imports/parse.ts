import ExcelJS from 'exceljs';
import Papa from 'papaparse';

export interface ParsedSheet {
  headers: string[];
  /** Data rows as header → cell text, in file order. */
  rows: Record<string, string>[];
}

export type FileFormat = 'csv' | 'xlsx';

export const formatOf = (fileName: string, declared?: FileFormat): FileFormat | undefined =>
  declared ?? (/\.xlsx$/i.test(fileName) ? 'xlsx' : /\.(csv|txt)$/i.test(fileName) ? 'csv' : undefined);

/** CSV with a header row; the delimiter is detected (Brazilian spreadsheets often save with ";"). */
export function parseCsv(content: Uint8Array): ParsedSheet {
  const text = new TextDecoder('utf-8').decode(content).replace(/^\uFEFF/, '');
  const result = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const headers = (result.meta.fields ?? []).filter(Boolean);
  return { headers, rows: result.data };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    return '';
  }
  return String(value);
}

/** The first worksheet of an XLSX; its first row holds the headers. */
export async function parseXlsx(content: Uint8Array): Promise<ParsedSheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(
    content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength) as ArrayBuffer,
  );
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [] };
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => {
    headers[column - 1] = cellText(cell.value).trim();
  });
  const rows: Record<string, string>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const record: Record<string, string> = {};
    let filled = false;
    headers.forEach((header, index) => {
      if (!header) return;
      const text = cellText(row.getCell(index + 1).value).trim();
      if (text) filled = true;
      record[header] = text;
    });
    if (filled) rows.push(record);
  });
  return { headers: headers.filter(Boolean), rows };
}

export async function parseSheet(content: Uint8Array, format: FileFormat): Promise<ParsedSheet> {
  return format === 'xlsx' ? parseXlsx(content) : parseCsv(content);
}
