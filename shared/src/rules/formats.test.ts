import { describe, expect, it } from 'vitest';
import {
  isDate,
  isDigitsOnly,
  isEmail,
  isObjectIdFormat,
  isPhoneChars,
  isShortcut,
  isTime,
  isUrl,
} from './formats.ts';

type Case = { value: string; ok: boolean };
const table: { clause: string; check: (value: string) => boolean; cases: Case[] }[] = [
  {
    clause: 'shortcut: letters, digits, underscore only',
    check: isShortcut,
    cases: [
      { value: 'bom_dia_2', ok: true },
      { value: 'bom-dia', ok: false },
      { value: 'bom dia', ok: false },
      { value: '', ok: false },
    ],
  },
  {
    clause: 'e-mail',
    check: isEmail,
    cases: [
      { value: 'ana@empresa.com.br', ok: true },
      { value: 'ana@empresa', ok: false },
      { value: 'ana empresa@x.com', ok: false },
    ],
  },
  {
    clause: 'time HH:MM 00-23',
    check: isTime,
    cases: [
      { value: '00:00', ok: true },
      { value: '23:59', ok: true },
      { value: '24:00', ok: false },
      { value: '9:30', ok: false },
      { value: '12:60', ok: false },
    ],
  },
  {
    clause: 'date',
    check: isDate,
    cases: [
      { value: '29/02/2024', ok: true },
      { value: '2026-12-31', ok: true },
      { value: '31/02/2026', ok: false },
      { value: 'amanhã', ok: false },
    ],
  },
  {
    clause: 'phone: digits, spaces, dash, plus',
    check: isPhoneChars,
    cases: [
      { value: '+55 85 99999-0000', ok: true },
      { value: '(85) 9999', ok: false },
      { value: '85a', ok: false },
    ],
  },
  {
    clause: 'digits only',
    check: isDigitsOnly,
    cases: [
      { value: '0123', ok: true },
      { value: '12.3', ok: false },
    ],
  },
  {
    clause: '24-hex object id',
    check: isObjectIdFormat,
    cases: [
      { value: '65a1b2c3d4e5f60718293a4b', ok: true },
      { value: '65a1b2c3d4e5f60718293a4', ok: false },
      { value: '65a1b2c3d4e5f60718293a4g', ok: false },
    ],
  },
  {
    clause: 'URL accepts http or https prefix',
    check: isUrl,
    cases: [
      { value: 'http://exemplo.com', ok: true },
      { value: 'https://exemplo.com/a?b=1', ok: true },
      { value: 'ftp://exemplo.com', ok: false },
      { value: 'exemplo.com', ok: false },
      { value: 'https://', ok: false },
    ],
  },
];

describe('formats (spec point 5)', () => {
  for (const { clause, check, cases } of table) {
    it.each(cases)(`${clause}: '$value' → $ok`, ({ value, ok }) => {
      expect(check(value)).toBe(ok);
    });
  }
});
