import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { countRows, guessDelimiter, openSheet } from './parse.ts';

/** The bytes in tiny pieces, the way a slow network hands them over (splitting multi-byte characters too). */
const trickle = (text: string, size = 5) => {
  const bytes = Buffer.from(text);
  const pieces: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size) pieces.push(bytes.subarray(start, start + size));
  return Readable.from(pieces);
};

const allRows = async (sheet: Awaited<ReturnType<typeof openSheet>>) => {
  const rows: Record<string, string>[] = [];
  for await (const row of sheet.rows) rows.push(row);
  return rows;
};

describe('guessDelimiter', () => {
  it('takes the header line’s most frequent separator, comma when none', () => {
    expect(guessDelimiter('Nome;Telefone;E-mail')).toBe(';');
    expect(guessDelimiter('Nome,Telefone')).toBe(',');
    expect(guessDelimiter('Nome\tTelefone')).toBe('\t');
    expect(guessDelimiter('Nome')).toBe(',');
  });
});

describe('openSheet (CSV)', () => {
  it('streams rows from pieces that split accents, with a BOM, quotes and blank lines', async () => {
    const text = '\uFEFFNome;Telefone\r\n"Conceição; Filha";85 91111-0001\r\n\r\n ; \r\nJoão;\r\n';
    const sheet = await openSheet(trickle(text), 'csv');
    expect(sheet.headers).toEqual(['Nome', 'Telefone']);
    expect(await allRows(sheet)).toEqual([
      { Nome: 'Conceição; Filha', Telefone: '85 91111-0001' },
      { Nome: 'João', Telefone: '' },
    ]);
  });

  it('keeps the first of two columns with one header and tolerates short rows', async () => {
    const sheet = await openSheet(trickle('Nome,Nome,Email\nAna,Outra\n'), 'csv');
    expect(sheet.headers).toEqual(['Nome', 'Email']);
    expect(await allRows(sheet)).toEqual([{ Nome: 'Ana', Email: '' }]);
  });

  it('counts 20,000 rows without holding them', async () => {
    const text = ['Nome', ...Array.from({ length: 20_000 }, (_, i) => `Ação ${i}`)].join('\n');
    expect(await countRows(await openSheet(trickle(text, 4096), 'csv'))).toBe(20_000);
  });

  it('lets go of the source when closed after the header', async () => {
    const source = trickle('Nome\nA\nB\n', 2);
    const sheet = await openSheet(source, 'csv');
    await sheet.close();
    expect(sheet.headers).toEqual(['Nome']);
    expect((await sheet.rows.next()).done).toBe(true);
  });

  it('ends the rows with the source failure when the connection drops mid-file', async () => {
    async function* dropped(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('Nome;Telefone\nAna;1\n');
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new TypeError('terminated');
    }
    const sheet = await openSheet(dropped(), 'csv');
    const seen: Record<string, string>[] = [];
    await expect(
      (async () => {
        for await (const row of sheet.rows) seen.push(row);
      })(),
    ).rejects.toThrow('terminated');
    // Rows parsed but not yet read may go with it: the import resumes from its checkpoint on redelivery.
    expect(seen.length).toBeLessThanOrEqual(1);
  });
});

describe('openSheet (XLSX)', () => {
  it('streams the first worksheet: shared strings, dates, numbers, empty rows skipped', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Base');
    sheet.addRow(['Nome', 'Telefone', 'Nascimento']);
    sheet.addRow(['Antônio', 85911110002, new Date('1990-05-01T00:00:00Z')]);
    sheet.addRow([]);
    sheet.addRow([' Márcia ', '', '']);
    workbook.addWorksheet('Outra').addRow(['Ignorada']);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const opened = await openSheet(Readable.from([content]), 'xlsx');
    expect(opened.headers).toEqual(['Nome', 'Telefone', 'Nascimento']);
    expect(await allRows(opened)).toEqual([
      { Nome: 'Antônio', Telefone: '85911110002', Nascimento: '1990-05-01' },
      { Nome: 'Márcia', Telefone: '', Nascimento: '' },
    ]);
  });

  it('refuses what is not a workbook', async () => {
    await expect(openSheet(Readable.from([Buffer.from('not a zip')]), 'xlsx')).rejects.toThrow();
  });
});
