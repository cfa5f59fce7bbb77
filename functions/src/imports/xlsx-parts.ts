import { SaxesParser } from 'saxes';

/**
 * The XML parts of an XLSX workbook that reading its first sheet needs, each parsed as a stream of bytes
 * (split anywhere, multi-byte characters too): the workbook (first sheet, 1904 date system), its
 * relationships (where the sheet, shared strings and styles live), the styles (which cells are dates), the
 * shared strings and the sheet's rows.
 */

type Attributes = Record<string, string>;
interface XmlHandlers {
  open?: (name: string, attributes: Attributes) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
}

/** Element names without their namespace prefix (some writers spell `<x:row>`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

export class XmlPart {
  private readonly decoder = new TextDecoder();
  private readonly parser = new SaxesParser<{ xmlns: false; position: false }>({
    xmlns: false,
    position: false,
  });

  constructor(handlers: XmlHandlers) {
    const { open, text, close } = handlers;
    if (open) this.parser.on('opentag', (tag) => open(local(tag.name), tag.attributes));
    if (text) {
      this.parser.on('text', text);
      this.parser.on('cdata', text);
    }
    if (close) this.parser.on('closetag', (tag) => close(local(tag.name)));
  }

  write(bytes: Uint8Array): void {
    this.parser.write(this.decoder.decode(bytes, { stream: true }));
  }

  end(): void {
    this.parser.write(this.decoder.decode());
    this.parser.close();
  }
}

export interface WorkbookInfo {
  date1904: boolean;
  /** The relationship id of the first sheet in the workbook's order. */
  firstSheet?: string;
}

export function workbookPart(info: WorkbookInfo): XmlPart {
  return new XmlPart({
    open: (name, attributes) => {
      if (name === 'workbookPr') info.date1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
      if (name === 'sheet' && info.firstSheet === undefined) {
        // r:id, whatever the prefix of the relationships namespace is called.
        const id = Object.entries(attributes).find(([key]) => key.includes(':') && local(key) === 'id');
        info.firstSheet = id?.[1];
      }
    },
  });
}

export interface Relationship {
  type: string;
  /** The part's path inside the zip. */
  path: string;
}

/** A relationship target of xl/workbook.xml as a zip path: relative to xl/, or absolute from the root. */
export function partPath(target: string): string {
  const segments = target.startsWith('/') ? [] : ['xl'];
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}

export function relationshipsPart(relationships: Map<string, Relationship>): XmlPart {
  return new XmlPart({
    open: (name, attributes) => {
      if (
        name === 'Relationship' &&
        attributes.Id &&
        attributes.Target &&
        attributes.TargetMode !== 'External'
      ) {
        relationships.set(attributes.Id, { type: attributes.Type ?? '', path: partPath(attributes.Target) });
      }
    },
  });
}

/** Excel's built-in date and time formats. */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A format code showing a day, month or year (quoted text, [colour]/[$locale] and escaped characters aside). */
export const isDateFormat = (code: string) => /[dmy]/i.test(code.replace(/"[^"]*"|\[[^\]]*]|\\.|[_*]./g, ''));

/** Fills `dateStyles[xf]` with whether cell style `xf` (a cell's `s`) shows its number as a date. */
export function stylesPart(dateStyles: boolean[]): XmlPart {
  const customFormats = new Map<number, string>();
  let inCellXfs = false;
  return new XmlPart({
    open: (name, attributes) => {
      if (name === 'numFmt') customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0);
        const custom = customFormats.get(id);
        dateStyles.push(custom !== undefined ? isDateFormat(custom) : BUILT_IN_DATES.has(id));
      }
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
}

/**
 * Appends each shared string to `strings`: its text, or its rich text runs joined; phonetic hints (`rPh`) are
 * not part of the text.
 */
export function sharedStringsPart(strings: string[]): XmlPart {
  let current: string | undefined;
  let inText = false;
  let inPhonetic = false;
  return new XmlPart({
    open: (name) => {
      if (name === 'si') current = '';
      else if (name === 'rPh') inPhonetic = true;
      else if (name === 't' && !inPhonetic) inText = true;
    },
    text: (text) => {
      if (inText && current !== undefined) current += text;
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') {
        strings.push(current ?? '');
        current = undefined;
      }
    },
  });
}

export interface SheetContext {
  strings: readonly string[];
  dateStyles: readonly boolean[];
  date1904: boolean;
}

/** "C5" → 3; a reference that names no column answers undefined. */
export function columnOf(reference: string): number | undefined {
  const letters = /^[A-Z]+/i.exec(reference)?.[0];
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column;
}

/** An Excel serial day as YYYY-MM-DD (1900 system, or 1904's, as exceljs converts it). */
export function serialDate(serial: number, date1904: boolean): string {
  const milliseconds = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  return new Date(milliseconds).toISOString().slice(0, 10);
}

interface Cell {
  column: number;
  type: string;
  style: number;
  text: string;
}

function cellText(cell: Cell, context: SheetContext): string {
  switch (cell.type) {
    case 's':
      return context.strings[Number.parseInt(cell.text, 10)] ?? '';
    case 'inlineStr':
    case 'str':
      return cell.text;
    case 'b':
      return String(Number.parseInt(cell.text, 10) !== 0);
    case 'e':
      return '';
    case 'd':
      return cell.text.slice(0, 10);
    default: {
      if (cell.text.trim() === '') return '';
      const value = Number.parseFloat(cell.text);
      if (Number.isNaN(value)) return '';
      return context.dateStyles[cell.style] ? serialDate(value, context.date1904) : String(value);
    }
  }
}

/**
 * A worksheet's rows, each handed to `onRow` as cell texts placed by their references (a skipped column is an
 * empty cell). Rows the sheet does not hold are not made up: the caller skips empty rows anyway. A formula
 * cell shows its cached value.
 */
export function sheetPart(context: SheetContext, onRow: (cells: string[]) => void): XmlPart {
  let cells: string[] | undefined;
  let cell: Cell | undefined;
  let nextColumn = 1;
  let capturing = false;
  let inPhonetic = false;
  return new XmlPart({
    open: (name, attributes) => {
      if (name === 'row') {
        cells = [];
        nextColumn = 1;
      } else if (name === 'c' && cells) {
        const column = columnOf(attributes.r ?? '') ?? nextColumn;
        cell = { column, type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), text: '' };
      } else if (cell && name === 'v') capturing = true;
      else if (cell && name === 'rPh') inPhonetic = true;
      else if (cell && name === 't' && cell.type === 'inlineStr' && !inPhonetic) capturing = true;
    },
    text: (text) => {
      if (capturing && cell) cell.text += text;
    },
    close: (name) => {
      if (name === 'v' || name === 't') capturing = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c' && cell && cells) {
        cells[cell.column - 1] = cellText(cell, context).trim();
        nextColumn = cell.column + 1;
        cell = undefined;
      } else if (name === 'row' && cells) {
        onRow(Array.from(cells, (text) => text ?? ''));
        cells = undefined;
      }
    },
  });
}
