import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import { listContacts } from '@atende/shared/contracts/contacts/list-contacts';
import { updateContact } from '@atende/shared/contracts/contacts/update-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { createTag } from '@atende/shared/contracts/tags/create-tag';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { handler as tagsHandler } from '../tags/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { importGroup } from '../imports/import-rows.ts';
import { testImportJob, testRowContext } from '../imports/test-job.ts';
import { handler } from './handler.ts';
import { TAG_BUDGET } from './search-limits.ts';

// A tag is 'large' past a few dozen members here, so the switch to the name's tokens needs 60 contacts, not 1,100.
vi.mock('./search-limits.ts', () => ({ TAG_BUDGET: 40 }));

let a: Tenant;
let vip: string;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  a = await createTenant();
  vip = (
    (
      await callRoute(tagsHandler, createTag, {
        token: a.admin.token,
        body: { name: 'VIP', color: '#ff0000' },
      })
    ).body as { _id: string }
  )._id;
});

const names = async (query: Record<string, string>) =>
  (
    (await callRoute(handler, listContacts, { token: a.admin.token, query })).body as {
      contacts: ContactView[];
    }
  ).contacts.map((contact) => contact.full_name);

describe('contact search by name', () => {
  it('follows a rename even for the words the name keeps', async () => {
    const created = (
      await callRoute(handler, createContact, {
        token: a.admin.token,
        body: { full_name: 'Joaquim Silva', tags: [vip] },
      })
    ).body as ContactView;
    await callRoute(handler, createContact, { token: a.admin.token, body: { full_name: 'Joaquim Souto' } });
    await callRoute(handler, updateContact, {
      token: a.admin.token,
      params: { id: created._id },
      body: { full_name: 'Joaquim Sousa' },
    });
    expect(await names({ search: 'joaquim sous' })).toEqual(['Joaquim Sousa']);
    expect(await names({ search: 'joaquim sil' })).toEqual([]);
    expect((await names({ search: 'joaq' })).sort()).toEqual(['Joaquim Sousa', 'Joaquim Souto']);
  });

  it('combines a tag with a name, accents dropped', async () => {
    await callRoute(handler, createContact, {
      token: a.admin.token,
      body: { full_name: 'Conceição Tagueada', tags: [vip] },
    });
    await callRoute(handler, createContact, {
      token: a.admin.token,
      body: { full_name: 'Conceição Sem Tag' },
    });
    expect(await names({ search: 'conceicao', tags: vip })).toEqual(['Conceição Tagueada']);
    expect(await names({ search: 'joaquim sou', tags: vip })).toEqual(['Joaquim Sousa']);
    expect(await names({ search: 'ninguem', tags: vip })).toEqual([]);
  });

  it('pages a tag and a name with cursors, in name order, over matches on any word', async () => {
    const gold = (
      (
        await callRoute(tagsHandler, createTag, {
          token: a.admin.token,
          body: { name: 'Ouro', color: '#ffd700' },
        })
      ).body as { _id: string }
    )._id;
    const tagged = ['Zuleica Prado', 'Aurora Prates', 'Prado Bento', 'Pradinho Alves', 'Bia Prado Lima'];
    for (const full_name of [...tagged, 'Prado Sem Ouro', 'Otto Ouro']) {
      await callRoute(handler, createContact, {
        token: a.admin.token,
        body: { full_name, tags: full_name.includes('Ouro') && full_name !== 'Otto Ouro' ? [] : [gold] },
      });
    }
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = { search: 'pra', tags: gold, limit: '2' };
      if (cursor) query.cursor = cursor;
      const answer = (await callRoute(handler, listContacts, { token: a.admin.token, query })).body as {
        contacts: ContactView[];
        next_cursor: string | null;
      };
      pages.push(answer.contacts.map((contact) => contact.full_name));
      cursor = answer.next_cursor;
    } while (cursor && pages.length < 10);
    expect(pages).toEqual([
      ['Aurora Prates', 'Bia Prado Lima'],
      ['Pradinho Alves', 'Prado Bento'],
      ['Zuleica Prado'],
    ]);
    expect(await names({ search: 'prado', tags: gold })).toEqual([
      'Bia Prado Lima',
      'Prado Bento',
      'Zuleica Prado',
    ]);
  });
});

describe('contact search by name within a large tag', () => {
  /** Every page of a listing, following its cursors. */
  const everyPage = async (query: Record<string, string>) => {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const answer = (
        await callRoute(handler, listContacts, {
          token: a.admin.token,
          query: { ...query, limit: '4', ...(cursor ? { cursor } : {}) },
        })
      ).body as { contacts: ContactView[]; next_cursor: string | null };
      pages.push(answer.contacts.map((contact) => contact.full_name));
      cursor = answer.next_cursor;
    } while (cursor && pages.length < 50);
    return pages.flat();
  };

  it('reads the name’s tokens instead of the whole tag, finding the same contacts on every word', async () => {
    const big = (
      (
        await callRoute(tagsHandler, createTag, {
          token: a.admin.token,
          body: { name: 'Enorme', color: '#00aa00' },
        })
      ).body as { _id: string }
    )._id;
    // More members than a name search reads of a tag: its tokens drive the search.
    const rows = Array.from({ length: TAG_BUDGET + 20 }, (_, i) => {
      const name = i % 10 === 0 ? `Xerxes Lote ${i}` : i === 15 ? `Ana Xerxes Lote` : `Lote ${i}`;
      return [i, { Nome: name, Telefone: '' }] as const;
    });
    await importGroup(testImportJob(a.companyId, { tags: [big] }), rows, testRowContext([big]));
    await callRoute(handler, createContact, { token: a.admin.token, body: { full_name: 'Xerxes Fora' } });
    const expected = [
      'Ana Xerxes Lote',
      ...rows.filter(([i]) => i % 10 === 0).map(([i]) => `Xerxes Lote ${i}`),
    ].sort();
    const first = await everyPage({ search: 'xer', tags: big });
    expect(first.sort()).toEqual(expected);
    // Asked again (the tag now known to be large), the same answer.
    expect((await everyPage({ search: 'xerx lot', tags: big })).sort()).toEqual(expected);

    // A contact leaving the tag leaves the search within it: its tokens follow its tags.
    const leaving = (
      (await callRoute(handler, listContacts, { token: a.admin.token, query: { search: 'ana xerxes' } }))
        .body as { contacts: ContactView[] }
    ).contacts[0] as ContactView;
    await callRoute(handler, updateContact, {
      token: a.admin.token,
      params: { id: leaving._id },
      body: { tags: [] },
    });
    expect((await everyPage({ search: 'xer', tags: big })).sort()).toEqual(
      expected.filter((name) => name !== 'Ana Xerxes Lote'),
    );
  });
});
