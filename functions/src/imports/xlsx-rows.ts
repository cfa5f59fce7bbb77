import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import {
  type Relationship,
  relationshipsPart,
  sharedStringsPart,
  sheetPart,
  stylesPart,
  type WorkbookInfo,
  workbookPart,
  type XmlPart,
} from './xlsx-parts.ts';

/** Input is unzipped in slices of this size, so one large chunk never turns into a whole sheet of rows at once. */
const SLICE_BYTES = 64 * 1024;
const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';

/** A worksheet that arrived before the parts it needs, kept on disk until they are in. */
interface Spool {
  path: string;
  pending: Uint8Array[];
  handle?: FileHandle;
  ended: boolean;
  complete: boolean;
  /** Not the first sheet after all: the rest of its bytes are dropped as they come. */
  dropped?: boolean;
}

/**
 * One workbook being unzipped as its bytes arrive: the small parts are parsed as they stream by, the first
 * sheet is parsed straight away when the shared strings and styles are already in, else spooled to a temp file.
 */
class WorkbookStream {
  private readonly unzip = new Unzip((file) => this.onFile(file));
  private readonly workbook: WorkbookInfo = { date1904: false };
  private readonly relationships = new Map<string, Relationship>();
  private readonly read = new Set<string>();
  private readonly strings: string[] = [];
  private readonly dateStyles: boolean[] = [];
  private readonly spools = new Map<string, Spool>();
  private failure: unknown;
  /** Some part of a workbook was found (a file with none is not a workbook). */
  private recognised = false;
  /** Rows parsed and not yet handed out. */
  rows: string[][] = [];
  /** The first sheet was parsed as it streamed by: nothing more is needed from the zip. */
  sheetDone = false;
  private streamed = false;

  constructor() {
    this.unzip.register(UnzipInflate);
  }

  /** The first sheet's path, once xl/workbook.xml and its relationships are read (sheet1.xml without them). */
  private target(ended: boolean): string | undefined {
    if (this.read.has('xl/workbook.xml') && this.read.has('xl/_rels/workbook.xml.rels')) {
      const sheet = this.workbook.firstSheet ? this.relationships.get(this.workbook.firstSheet) : undefined;
      return sheet?.path ?? 'xl/worksheets/sheet1.xml';
    }
    return ended ? 'xl/worksheets/sheet1.xml' : undefined;
  }

  /** Where the shared strings or styles live: as the relationships say, else the usual path. */
  private partOf(kind: 'sharedStrings' | 'styles'): string | undefined {
    if (!this.read.has('xl/_rels/workbook.xml.rels')) return `xl/${kind}.xml`;
    return [...this.relationships.values()].find((entry) => entry.type === `${RELATIONSHIP}${kind}`)?.path;
  }

  /** Everything the sheet's cells refer to has been read (a part the workbook does not have is not waited for). */
  private ready(): boolean {
    if (this.target(false) === undefined) return false;
    return (['sharedStrings', 'styles'] as const).every((kind) => {
      const part = this.partOf(kind);
      return part === undefined || this.read.has(part);
    });
  }

  private context() {
    return { strings: this.strings, dateStyles: this.dateStyles, date1904: this.workbook.date1904 };
  }

  sheetParser(): XmlPart {
    return sheetPart(this.context(), (cells) => this.rows.push(cells));
  }

  private parse(file: UnzipFile, part: XmlPart, onEnd?: () => void) {
    this.recognised = true;
    file.ondata = (error, data, final) => {
      if (error) return void (this.failure ??= error);
      try {
        part.write(data);
        if (final) {
          part.end();
          this.read.add(file.name);
          onEnd?.();
        }
      } catch (failure) {
        this.failure ??= failure;
      }
    };
    file.start();
  }

  private spool(file: UnzipFile) {
    const spool: Spool = {
      path: join(tmpdir(), `xlsx-sheet-${randomUUID()}.xml`),
      pending: [],
      ended: false,
      complete: false,
    };
    this.recognised = true;
    this.spools.set(file.name, spool);
    file.ondata = (error, data, final) => {
      if (error) return void (this.failure ??= error);
      if (spool.dropped) return;
      spool.pending.push(data);
      spool.ended = final;
    };
    file.start();
  }

  private onFile(file: UnzipFile) {
    const { name } = file;
    if (name === 'xl/workbook.xml') return this.parse(file, workbookPart(this.workbook));
    if (name === 'xl/_rels/workbook.xml.rels') return this.parse(file, relationshipsPart(this.relationships));
    if (name === this.partOf('sharedStrings')) return this.parse(file, sharedStringsPart(this.strings));
    if (name === this.partOf('styles')) return this.parse(file, stylesPart(this.dateStyles));
    const target = this.target(false);
    if (target === undefined ? /^xl\/worksheets\/[^/]+\.xml$/.test(name) : name === target) {
      if (target !== undefined && this.ready()) {
        this.streamed = true;
        return this.parse(file, this.sheetParser(), () => {
          this.sheetDone = true;
        });
      }
      return this.spool(file);
    }
    // Not needed: inflated and dropped (fflate would otherwise hold an unstarted entry's bytes).
    file.ondata = () => undefined;
    file.start();
  }

  /** Unzips a slice of the input; spooled bytes are written out before the next slice. */
  async push(chunk: Uint8Array, final: boolean): Promise<void> {
    this.unzip.push(chunk, final);
    if (this.failure) throw this.failure;
    const target = this.target(false);
    for (const [name, spool] of this.spools) {
      if (target !== undefined && name !== target) {
        this.spools.delete(name);
        await this.discard(spool);
        continue;
      }
      if (spool.pending.length > 0 || (spool.ended && !spool.complete)) {
        spool.handle ??= await open(spool.path, 'w');
        const pending = spool.pending.splice(0);
        for (const data of pending) await spool.handle.write(data);
        if (spool.ended) {
          await spool.handle.close();
          spool.handle = undefined;
          spool.complete = true;
        }
      }
    }
  }

  /** The spooled first sheet, when it and every part its cells need are in. */
  spooledSheet(ended: boolean): string | undefined {
    const target = this.target(ended);
    const spool = target === undefined ? undefined : this.spools.get(target);
    if (!spool?.complete || (!ended && !this.ready())) return undefined;
    return spool.path;
  }

  /** After the last byte: the error for a file that is no workbook, or whose first sheet is missing. */
  finish(): void {
    if (this.sheetDone) return;
    if (this.streamed) throw new Error('the XLSX first sheet ends early');
    if (!this.recognised) throw new Error('not an XLSX workbook');
    if (!this.spooledSheet(true)) throw new Error('the XLSX workbook has no first sheet');
  }

  private async discard(spool: Spool) {
    spool.dropped = true;
    spool.pending = [];
    await spool.handle?.close();
    spool.handle = undefined;
    await rm(spool.path, { force: true });
  }

  async dispose(): Promise<void> {
    for (const spool of this.spools.values()) await this.discard(spool);
    this.spools.clear();
  }
}

async function* spooledRows(book: WorkbookStream, path: string): AsyncGenerator<string[]> {
  const parser = book.sheetParser();
  const file = createReadStream(path, { highWaterMark: SLICE_BYTES });
  try {
    for await (const chunk of file) {
      parser.write(chunk as Buffer);
      yield* book.rows.splice(0);
    }
    parser.end();
    yield* book.rows.splice(0);
  } finally {
    file.destroy();
  }
}

/**
 * The first worksheet's rows of an XLSX stream as cell texts, read as they are consumed: the zip is unzipped
 * as it arrives and the sheet parsed as a stream (spooled to a temp file first when the shared strings or
 * styles come after it in the zip), so memory stays flat however long the sheet is. Dates show as YYYY-MM-DD.
 * Returning early stops reading and lets go of the source; a file that is not a workbook throws.
 */
export async function* xlsxRows(source: AsyncIterable<Uint8Array>): AsyncGenerator<string[]> {
  const book = new WorkbookStream();
  const iterator = source[Symbol.asyncIterator]();
  try {
    let ended = false;
    let spooled: string | undefined;
    while (!ended && !book.sheetDone && spooled === undefined) {
      const next = await iterator.next();
      ended = next.done === true;
      const chunk = ended ? new Uint8Array(0) : (next.value as Uint8Array);
      let start = 0;
      do {
        const end = Math.min(start + SLICE_BYTES, chunk.length);
        await book.push(chunk.subarray(start, end), ended && end === chunk.length);
        yield* book.rows.splice(0);
        start = end;
      } while (start < chunk.length && !book.sheetDone);
      spooled = book.spooledSheet(ended);
    }
    if (ended) book.finish();
    spooled ??= book.spooledSheet(true);
    if (spooled !== undefined && !book.sheetDone) yield* spooledRows(book, spooled);
  } finally {
    await iterator.return?.();
    await book.dispose();
  }
}
