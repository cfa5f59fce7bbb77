import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import type { ContactView } from '@atende/shared/contracts/contacts/views';
import { createCustomField } from '@atende/shared/contracts/custom-fields/create-custom-field';
import { listCustomFields } from '@atende/shared/contracts/custom-fields/list-custom-fields';
import { ROLLOUTS } from '@atende/shared/domain/features';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { handler as contactsHandler } from '../contacts/handler.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

let a: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  a = await createTenant();
});

const field = (body: Record<string, unknown>) =>
  callRoute(handler, createCustomField, { token: a.admin.token, body });

describe('custom fields', () => {
  it('needs the custom-fields rollout', async () => {
    expect((await field({ key: 'cpf', label: 'CPF', type: 'text' })).status).toBe(403);
    await setCompany(a.companyId, { rollouts: [ROLLOUTS.customFields] });
    expect((await field({ key: 'cpf', label: 'CPF', type: 'text' })).status).toBe(201);
  });

  it('validates contact values per type: number, date and select', async () => {
    await field({ key: 'idade', label: 'Idade', type: 'number' });
    await field({ key: 'nascimento', label: 'Nascimento', type: 'date' });
    const select = await field({ key: 'porte', label: 'Porte', type: 'select', options: [] });
    expect(select.body).toMatchObject({
      field: 'options',
      message: `Campo inválido: options: ${ptBR.contacts.selectNeedsOptions}`,
    });
    await field({ key: 'porte', label: 'Porte', type: 'select', options: ['Pequeno', 'Grande'] });
    const list = (await callRoute(handler, listCustomFields, { token: a.operator.token })).body as {
      custom_fields: unknown[];
    };
    expect(list.custom_fields).toHaveLength(4);
    const contact = (values: Record<string, unknown>) =>
      callRoute(contactsHandler, createContact, {
        token: a.admin.token,
        body: { full_name: 'Campos', custom_fields: values },
      });
    const ok = await contact({ idade: '42', nascimento: '31/12/1990', porte: 'Grande', cpf: '123' });
    expect(ok.status).toBe(201);
    expect((ok.body as ContactView).custom_fields).toEqual({
      idade: 42,
      nascimento: '31/12/1990',
      porte: 'Grande',
      cpf: '123',
    });
    expect((await contact({ idade: 'quarenta' })).body).toMatchObject({ field: 'custom_fields.idade' });
    expect((await contact({ nascimento: '31/02/1990' })).body).toMatchObject({
      field: 'custom_fields.nascimento',
    });
    expect((await contact({ porte: 'Médio' })).body).toMatchObject({
      field: 'custom_fields.porte',
      message: `Campo inválido: custom_fields.porte: ${ptBR.contacts.customFieldOption}`,
    });
    expect((await contact({ inexistente: 'x' })).status).toBe(400);
  });
});
