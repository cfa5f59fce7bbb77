import { describe, expect, it } from 'vitest';
import { imageChunks } from './profile-api.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');

describe('profile image look-ups for the chat', () => {
  it('asks once per distinct employee, sorted, 25 per call', () => {
    const ids = Array.from({ length: 60 }, (_, index) => id(60 - index));
    const chunks = imageChunks([...ids, ...ids]);
    expect(chunks.map((chunk) => chunk.length)).toEqual([25, 25, 10]);
    expect(chunks.flat()).toEqual([...ids].sort());
  });

  it('asks nothing for no authors', () => {
    expect(imageChunks([])).toEqual([]);
  });
});
