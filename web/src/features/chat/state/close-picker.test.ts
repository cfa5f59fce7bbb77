import { describe, expect, it } from 'vitest';
import { closeAllowed, closePicker } from './close-picker.ts';

const category = (n: number) => ({
  _id: String(n).padStart(24, '0'),
  label: `Categoria ${n}`,
  name: `c${n}`,
});

describe('closing a conversation', () => {
  it('shows no picker when the company has no service categories and lets "Encerrar" go', () => {
    const picker = closePicker({ tabulations: [], tabulation_mode: false }, false);
    expect(picker).toEqual({ kind: 'none' });
    expect(closeAllowed(picker, undefined)).toBe(true);
  });

  it('asks for a category when there are some, required under the category mode', () => {
    const picker = closePicker({ tabulations: [category(1), category(2)], tabulation_mode: true }, false);
    expect(picker).toEqual({
      kind: 'choose',
      required: true,
      options: [
        { value: category(1)._id, label: 'Categoria 1' },
        { value: category(2)._id, label: 'Categoria 2' },
      ],
    });
    expect(closeAllowed(picker, undefined)).toBe(false);
    expect(closeAllowed(picker, category(2)._id)).toBe(true);
  });

  it('keeps the category optional without the mode and waits while categories load', () => {
    const optional = closePicker({ tabulations: [category(1)], tabulation_mode: false }, false);
    expect(closeAllowed(optional, undefined)).toBe(true);
    const loading = closePicker(undefined, true);
    expect(loading).toEqual({ kind: 'loading' });
    expect(closeAllowed(loading, undefined)).toBe(false);
  });
});
