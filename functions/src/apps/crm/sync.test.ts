import { newObjectId } from '@atende/shared/domain/object-id';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sealCredentials } from '../../integrations/crypto.ts';
import { useTestTables } from '../../testing/dynamodb.ts';
import type { AppRecord } from '../records.ts';
import type { CrmClient } from './client.ts';
import { remoteIdOf, saveLink, unlinkRemote } from './links.ts';
import { PERSON, pushContact } from './sync.ts';

beforeAll(async () => {
  process.env.ENCRYPTION_KEY ??= 'apps-test-encryption-passphrase';
  await useTestTables();
});

const app = (): AppRecord => {
  const _id = newObjectId();
  return {
    _id,
    company: newObjectId(),
    name: 'pipedrive',
    installed_at: new Date().toISOString(),
    installed_by: newObjectId(),
    settings: {},
    credentials_set: [],
    credentials: sealCredentials({}, _id),
  };
};

function crm(found?: string) {
  return {
    createPerson: vi.fn(async () => 'created-1'),
    updatePerson: vi.fn(async () => true),
    addNote: vi.fn(async () => undefined),
    findPerson: vi.fn(async () => found),
  } satisfies CrmClient;
}

const contact = {
  _id: newObjectId(),
  full_name: 'Ana Lima',
  email: 'ana@cliente.com.br',
  cel_phone: '+5585988887777',
};

describe('CRM sync idempotency', () => {
  it('finds the person a crashed earlier attempt created (by e-mail/phone) and links it instead of creating another', async () => {
    const installed = app();
    const client = crm('person-77');
    expect(await pushContact({ app: installed, client }, contact)).toBe('person-77');
    expect(client.createPerson).not.toHaveBeenCalled();
    expect(client.findPerson).toHaveBeenCalledWith({
      name: 'Ana Lima',
      email: 'ana@cliente.com.br',
      phone: '+5585988887777',
    });
    expect(await remoteIdOf(installed, PERSON, contact._id)).toBe('person-77');
  });

  it('creates the person when the CRM has none, then updates the linked one on the next change', async () => {
    const installed = app();
    const client = crm();
    expect(await pushContact({ app: installed, client }, contact)).toBe('created-1');
    expect(await pushContact({ app: installed, client }, contact)).toBe('created-1');
    expect(client.createPerson).toHaveBeenCalledTimes(1);
    expect(client.updatePerson).toHaveBeenCalledWith(
      'created-1',
      expect.objectContaining({ name: 'Ana Lima' }),
    );
  });

  it('does not recreate a person deleted in the CRM (the link is a tombstone)', async () => {
    const installed = app();
    await saveLink(installed, PERSON, contact._id, 'person-5');
    expect(await unlinkRemote(installed, PERSON, 'person-5')).toBe(contact._id);
    const client = crm();
    expect(await pushContact({ app: installed, client }, contact)).toBeUndefined();
    expect(client.createPerson).not.toHaveBeenCalled();
    expect(client.updatePerson).not.toHaveBeenCalled();
  });
});
