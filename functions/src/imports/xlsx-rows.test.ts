import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isDateFormat, partPath } from './xlsx-parts.ts';
import { xlsxRows } from './xlsx-rows.ts';

/** The bytes in pieces of `size`, the way a network hands them over; counts how many were taken. */
function pieces(bytes: Uint8Array, size: number) {
  const state = { taken: 0, released: false };
  async function* source() {
    try {
      for (let start = 0; start < bytes.length; start += size) {
        state.taken += 1;
        yield bytes.subarray(start, start + size);
      }
    } finally {
      state.released = true;
    }
  }
  return { source: source(), state, total: Math.ceil(bytes.length / size) };
}

const readAll = async (bytes: Uint8Array, size = 7) => {
  const rows: string[][] = [];
  for await (const row of xlsxRows(pieces(bytes, size).source)) rows.push(row);
  return rows;
};

const spoolFiles = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('xlsx-sheet-'));

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);

const workbookXml = (sheets: [string, string][], date1904 = false) =>
  xml(
    `<workbook xmlns="${NS}" xmlns:r="${REL}"><workbookPr${date1904 ? ' date1904="1"' : ''}/><sheets>` +
      sheets
        .map(([name, id], index) => `<sheet name="${name}" sheetId="${index + 1}" r:id="${id}"/>`)
        .join('') +
      '</sheets></workbook>',
  );
const relsXml = (relationships: [string, string, string][]) =>
  xml(
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      relationships
        .map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`)
        .join('') +
      '</Relationships>',
  );
const sheetXml = (rows: string) => xml(`<worksheet xmlns="${NS}"><sheetData>${rows}</sheetData></worksheet>`);

/**
 * Built by hand in the order some writers use: the workbook's first sheet is sheet2.xml (listed first, stored
 * second), and the shared strings and styles come after the sheets, so the sheet has to wait on disk.
 */
function stringsAfterSheet(date1904 = false) {
  const styles = xml(
    `<styleSheet xmlns="${NS}"><numFmts count="2">` +
      '<numFmt numFmtId="164" formatCode="&quot;dia&quot;\\ dd/mm/yyyy"/>' +
      '<numFmt numFmtId="165" formatCode="0.00&quot; dias&quot;"/></numFmts>' +
      '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
      '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs>' +
      '</styleSheet>',
  );
  const strings = xml(
    `<sst xmlns="${NS}" count="4" uniqueCount="4"><si><t>Nome</t></si><si><t>Telefone</t></si>` +
      '<si><r><rPr><b/></rPr><t>Conce</t></r><r><t xml:space="preserve">ição </t></r><rPh><t>コ</t></rPh></si>' +
      '<si><t>Nascimento</t></si></sst>',
  );
  const first = sheetXml(
    '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c><c r="D1" t="s"><v>3</v></c></row>' +
      '<row r="5"><c r="A5" t="s"><v>2</v></c><c r="C5"><v>85911110003</v></c>' +
      '<c r="D5" s="1"><v>32994</v></c><c r="E5" s="2"><v>32995</v></c><c r="F5" s="3"><v>2.5</v></c></row>' +
      '<row r="7"><c r="B7"><f>1+1</f><v>2</v></c><c r="D7" t="e"><v>#N/A</v></c></row>',
  );
  return zipSync({
    '[Content_Types].xml': xml(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    'xl/workbook.xml': workbookXml(
      [
        ['Primeira', 'rId2'],
        ['Segunda', 'rId1'],
      ],
      date1904,
    ),
    'xl/_rels/workbook.xml.rels': relsXml([
      ['rId1', 'worksheet', 'worksheets/sheet1.xml'],
      ['rId2', 'worksheet', '/xl/worksheets/sheet2.xml'],
      ['rId3', 'sharedStrings', 'sharedStrings.xml'],
      ['rId4', 'styles', 'styles.xml'],
    ]),
    'xl/worksheets/sheet1.xml': sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'),
    'xl/worksheets/sheet2.xml': first,
    'xl/styles.xml': styles,
    'xl/sharedStrings.xml': strings,
  });
}

/** Inline strings only: no shared strings part, no styles; the sheet is parsed as it streams by. */
const inlineStrings = () =>
  zipSync({
    'xl/workbook.xml': workbookXml([['Base', 'rId1']]),
    'xl/_rels/workbook.xml.rels': relsXml([['rId1', 'worksheet', 'worksheets/sheet1.xml']]),
    'xl/worksheets/sheet1.xml': sheetXml(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Nome</t></is></c><c r="B1" t="inlineStr"><is><t>Ativo</t></is></c>' +
        '<c r="C1" t="inlineStr"><is><t>Nota</t></is></c></row>' +
        '<row r="2"><c r="A2" t="inlineStr"><is><r><t>Jo</t></r><r><t>ão &amp; Ana</t></r></is></c>' +
        '<c r="B2" t="b"><v>1</v></c><c r="C2" t="str"><f>A2&amp;"!"</f><v>João &amp; Ana!</v></c></row>' +
        '<row><c t="inlineStr"><is><t> Márcia </t></is></c><c t="b"><v>0</v></c></row>',
    ),
  });

describe('xlsxRows', () => {
  it('reads the workbook’s first sheet when its shared strings and styles come after it, then drops the spool', async () => {
    const before = await spoolFiles();
    expect(await readAll(stringsAfterSheet())).toEqual([
      ['Nome', '', 'Telefone', 'Nascimento'],
      ['Conceição', '', '85911110003', '1990-05-01', '1990-05-02', '2.5'],
      ['', '2', '', ''],
    ]);
    expect(await spoolFiles()).toEqual(before);
  });

  it('counts dates from 1904 when the workbook says so', async () => {
    const rows = await readAll(stringsAfterSheet(true));
    expect(rows[1]?.[3]).toBe('1994-05-02');
  });

  it('reads inline strings, rich text runs, booleans and a formula’s cached text without shared strings', async () => {
    expect(await readAll(inlineStrings(), 3)).toEqual([
      ['Nome', 'Ativo', 'Nota'],
      ['João & Ana', 'true', 'João & Ana!'],
      ['Márcia', 'false'],
    ]);
  });

  it('falls back to sheet1.xml when the zip has no workbook part', async () => {
    const bare = zipSync({
      'xl/worksheets/sheet1.xml': sheetXml(
        '<row r="1"><c r="B1" t="inlineStr"><is><t>Email</t></is></c></row>',
      ),
    });
    expect(await readAll(bare)).toEqual([['', 'Email']]);
  });

  it('reads what exceljs writes: shared strings, rich text, numbers, dates, formulas, the first sheet only', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Base');
    sheet.addRow(['Nome', 'Telefone', 'Nascimento', 'Total', 'Ativo']);
    sheet.addRow([
      { richText: [{ text: 'Antô', font: { bold: true } }, { text: 'nio' }] },
      85911110002,
      new Date('1990-05-01T00:00:00Z'),
      { formula: 'B2*2', result: 171822220004 },
      true,
    ]);
    sheet.getCell('C2').numFmt = 'dd/mm/yyyy';
    sheet.getCell('F4').value = 'longe';
    workbook.addWorksheet('Outra').addRow(['Ignorada']);
    const content = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect(await readAll(content, 1000)).toEqual([
      ['Nome', 'Telefone', 'Nascimento', 'Total', 'Ativo'],
      ['Antônio', '85911110002', '1990-05-01', '171822220004', 'true'],
      ['', '', '', '', '', 'longe'],
    ]);
  });

  it('streams a long sheet in order, spooled, and ends with no temp file left', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Base');
    sheet.addRow(['Nome', 'Linha']);
    for (let row = 1; row <= 30_000; row += 1) sheet.addRow([`Cliente ${row}`, row]);
    const content = new Uint8Array(await workbook.xlsx.writeBuffer());
    const before = await spoolFiles();
    let count = 0;
    let last: string[] = [];
    for await (const row of xlsxRows(pieces(content, 16_384).source)) {
      count += 1;
      last = row;
    }
    expect(count).toBe(30_001);
    expect(last).toEqual(['Cliente 30000', '30000']);
    expect(await spoolFiles()).toEqual(before);
  });

  it('stops reading and lets go of the source when closed after the first row', async () => {
    const bytes = inlineStrings();
    const input = pieces(bytes, 16);
    const rows = xlsxRows(input.source);
    expect((await rows.next()).value).toEqual(['Nome', 'Ativo', 'Nota']);
    await rows.return(undefined);
    expect(input.state.released).toBe(true);
    expect(input.state.taken).toBeLessThan(input.total);
    expect((await rows.next()).done).toBe(true);
  });

  it('deletes the spooled sheet when closed before reading it', async () => {
    const before = await spoolFiles();
    const input = pieces(stringsAfterSheet(), 64);
    const rows = xlsxRows(input.source);
    expect((await rows.next()).value).toEqual(['Nome', '', 'Telefone', 'Nascimento']);
    await rows.return(undefined);
    expect(input.state.released).toBe(true);
    expect(await spoolFiles()).toEqual(before);
  });

  it('rejects what is not a workbook, a truncated zip and a zip without a sheet', async () => {
    await expect(readAll(strToU8('Nome;Telefone\nAna;85\n'))).rejects.toThrow(/not an XLSX workbook/);
    const whole = stringsAfterSheet();
    await expect(readAll(whole.subarray(0, Math.floor(whole.length / 2)))).rejects.toThrow();
    const noSheet = zipSync({ 'xl/workbook.xml': workbookXml([['Base', 'rId1']]) });
    await expect(readAll(noSheet)).rejects.toThrow(/no first sheet/);
  });
});

describe('xlsx parts', () => {
  it('takes a format for a date when it shows a day, month or year outside quotes and brackets', () => {
    expect(isDateFormat('dd/mm/yyyy')).toBe(true);
    expect(isDateFormat('[$-416]mmm/yy;@')).toBe(true);
    expect(isDateFormat('0.00" dias"')).toBe(false);
    expect(isDateFormat('[Red]#,##0')).toBe(false);
    expect(isDateFormat('#,##0\\ "m²"')).toBe(false);
  });

  it('resolves relationship targets relative to xl/ or from the root', () => {
    expect(partPath('worksheets/sheet1.xml')).toBe('xl/worksheets/sheet1.xml');
    expect(partPath('/xl/worksheets/sheet2.xml')).toBe('xl/worksheets/sheet2.xml');
    expect(partPath('../xl/./styles.xml')).toBe('xl/styles.xml');
  });
});
