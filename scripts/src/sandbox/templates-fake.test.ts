import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderSandbox, type ProviderSandbox } from './server.ts';

let sandbox: ProviderSandbox;
beforeAll(async () => {
  sandbox = await createProviderSandbox();
});
afterAll(() => sandbox.close());

const templates = (body?: unknown) =>
  fetch(`${sandbox.baseUrls.meta}/v21.0/204567/message_templates`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

describe('message_templates fake', () => {
  it('creates a template PENDING, lists it, and refuses a bad name or a repeated language like Meta', async () => {
    const template = {
      name: 'oferta_semana',
      language: 'pt_BR',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Olá {{1}}!', example: { body_text: [['Maria']] } }],
    };
    const created = await templates(template);
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ status: 'PENDING', category: 'MARKETING' });
    const again = await templates(template);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: { code: 100, error_subcode: 2388024 } });
    const badName = await templates({ ...template, name: 'Oferta Semana' });
    expect(badName.status).toBe(400);
    const listed = (await (await templates()).json()) as { data: { name: string; status: string }[] };
    expect(listed.data).toEqual([expect.objectContaining({ name: 'oferta_semana', status: 'PENDING' })]);
  });
});
