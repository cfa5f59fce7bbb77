import { describe, expect, it } from 'vitest';
import { gradeOf } from './evaluation.ts';

describe('service evaluation answers', () => {
  it.each([
    ['5', 5],
    [' 1 ', 1],
    ['Nota 4', 4],
    ['3.', 3],
    ['⭐⭐⭐', 3],
    ['★★★★★', 5],
  ])('reads %j as grade %i', (text, grade) => {
    expect(gradeOf(text)).toBe(grade);
  });

  it.each(['0', '6', '10', 'ótimo', '5 estrelas e mais uma pergunta', '', undefined])(
    'takes %j for something else',
    (text) => {
      expect(gradeOf(text)).toBeUndefined();
    },
  );
});
