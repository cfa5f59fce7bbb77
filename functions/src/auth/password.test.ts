import { describe, expect, it } from 'vitest';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('stores scrypt parameters and a random salt with each hash', async () => {
    const first = await hashPassword('senha-forte-123');
    const second = await hashPassword('senha-forte-123');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('senha-forte-123');
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('senha-forte-123');
    expect(await verifyPassword('senha-forte-123', hash)).toBe(true);
    expect(await verifyPassword('senha-forte-124', hash)).toBe(false);
  });

  it('verifies with the parameters stored in the hash, and refuses malformed hashes', async () => {
    const hash = await hashPassword('x'.repeat(12));
    const parts = hash.split('$');
    const cheaper = ['scrypt', '1024', '8', '1', parts[4], parts[5]].join('$');
    expect(await verifyPassword('x'.repeat(12), cheaper)).toBe(false);
    expect(await verifyPassword('x'.repeat(12), 'plain-text')).toBe(false);
    expect(await verifyPassword('x'.repeat(12), `bcrypt$${parts.slice(1).join('$')}`)).toBe(false);
  });

  it('burns a check for unknown e-mails and always fails it', async () => {
    expect(await burnPasswordCheck('qualquer')).toBe(false);
  });
});
