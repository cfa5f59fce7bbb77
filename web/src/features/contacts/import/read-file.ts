import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/browser';
import { splitTagNames } from './unknown-tags.ts';

export type ImportFormat = 'csv' | 'xlsx';

const PREVIEW_BYTES = 64 * 1024;

export interface FilePreview {
  format: ImportFormat;
  headers: string[];
  /** The first data row, shown beside each column while mapping. */
  sample: string[];
}

/** CSV or XLSX by the file's extension; anything else cannot be imported. */
export function importFormat(fileName: string): ImportFormat | undefined {
  const extension = fileName.toLowerCase().split('.').pop();
  return extension === 'csv' || extension === 'xlsx' ? extension : undefined;
}

const cellText = (cell: unknown): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
};

/** Headers and first row of the file, read in the browser so columns can be mapped before the upload. */
export async function previewFile(file: File, format: ImportFormat): Promise<FilePreview> {
  if (format === 'xlsx') {
    const rows = await readSheet(file);
    return {
      format,
      headers: (rows[0] ?? []).map(cellText),
      sample: (rows[1] ?? []).map(cellText),
    };
  }
  // The head of the file is enough for the header and a sample row, however large the file.
  const text = await file.slice(0, PREVIEW_BYTES).text();
  // Brazilian spreadsheets often save CSV with ';'; papaparse detects the delimiter from the first lines.
  const parsed = Papa.parse<string[]>(text, { preview: 2, skipEmptyLines: true });
  return {
    format,
    headers: (parsed.data[0] ?? []).map(cellText),
    sample: (parsed.data[1] ?? []).map(cellText),
  };
}

/** Saves text as a file through a temporary link (the error report arrives as CSV text). */
export function saveTextFile(fileName: string, contentType: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Every tag name the file's tags column uses, read through the whole file (CSV streamed, so a large file is
 * not held in memory at once), for the mapping step to warn about unknown tags before the import starts.
 */
export async function tagNamesInColumn(
  file: File,
  format: ImportFormat,
  header: string,
): Promise<Set<string>> {
  const names = new Set<string>();
  const add = (cell: unknown) => splitTagNames(cellText(cell)).forEach((name) => names.add(name));
  if (format === 'xlsx') {
    const rows = await readSheet(file);
    const column = (rows[0] ?? []).map(cellText).indexOf(header);
    if (column >= 0) for (const row of rows.slice(1)) add(row[column]);
    return names;
  }
  let column = -1;
  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(file, {
      skipEmptyLines: true,
      step: (result) => {
        if (column === -1) column = result.data.map(cellText).indexOf(header);
        else add(result.data[column]);
      },
      complete: () => resolve(),
      error: (error) => reject(error),
    });
  });
  return names;
}
