import { createCampaign } from '@atende/shared/contracts/campaigns/campaign-routes';
import {
  createCsvAudienceList,
  deleteAudienceList,
  listAudienceLists,
} from '@atende/shared/contracts/campaigns/recipient-routes';
import type { AudienceListView } from '@atende/shared/contracts/campaigns/views';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { setProviderFetch } from '../channels/providers.ts';
import { customerEntity, phoneClaimKey } from '../contacts/entities.ts';
import { claimOwner, readContact } from '../contacts/store.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { readCsvRows } from './csv-audience-rows.ts';
import { handler } from './handler.ts';
import { campaignWorld } from './test-campaigns.ts';
import { fakeCloudApi, fakeDispatchQueue } from './test-dispatch.ts';

vi.mock('../realtime/publish.ts', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, publishToRoom: vi.fn(async () => ({ delivered: 0, gone: 0 })) };
});

let world: Awaited<ReturnType<typeof campaignWorld>>;
beforeAll(async () => {
  world = await campaignWorld();
});

const upload = (csv: string, extra: Record<string, unknown> = {}, token = world.a.admin.token) =>
  callRoute(handler, createCsvAudienceList, {
    token,
    body: {
      name: 'Clientes da planilha',
      file_name: 'clientes.csv',
      content_base64: Buffer.from(csv, 'utf8').toString('base64'),
      phone_column: 'Telefone',
      name_column: 'Nome',
      variable_columns: ['Nº do Pedido'],
      ...extra,
    },
  });

describe('CSV audiences', () => {
  it('keeps valid numbers once (new ones become contacts), refuses the rest per row in pt-BR', async () => {
    const known = await world.contact({ full_name: 'Maria Já Cadastrada', cel_phone: '+5585991110001' });
    const blocked = await world.contact({ full_name: 'Bloqueado', cel_phone: '+5585991110002' });
    await clients().document.send(
      new UpdateCommand({
        TableName: config().mainTable,
        Key: customerEntity.key(world.a.companyId, blocked._id),
        UpdateExpression: 'SET blacklisted = :yes',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
    const csv = [
      'Nome;Telefone;Nº do Pedido',
      'Maria;(85) 99111-0001;A-1',
      'João Novo;85 99111-0003;A-2',
      'Repetido;+55 85 99111-0003;A-3',
      'Sem número;;A-4',
      'Inválido;123;A-5',
      'Bloqueado;85991110002;A-6',
    ].join('\n');
    const response = await upload(csv);
    expect(response.status).toBe(201);
    const list = response.body as AudienceListView;
    expect(list.csv).toMatchObject({
      file_name: 'clientes.csv',
      rows: 6,
      accepted: 2,
      created_contacts: 1,
      errors: 4,
      variables: [{ column: 'Nº do Pedido', key: 'n_do_pedido' }],
      error_rows: [
        { row: 3, reason: 'Telefone repetido no arquivo.' },
        { row: 4, reason: 'Telefone inválido ou ausente.' },
        { row: 5, reason: 'Telefone inválido ou ausente.' },
        { row: 6, reason: 'Contato na lista de bloqueio.' },
      ],
    });
    const newcomer = await claimOwner(phoneClaimKey(world.a.companyId, '+5585991110003'));
    expect((await readContact(world.a.companyId, newcomer ?? ''))?.full_name).toBe('João Novo');
    const rows = await readCsvRows(world.a.companyId, list._id);
    expect(rows.map((row) => [row.contact, row.variables.n_do_pedido]).sort()).toEqual(
      [
        [known._id, 'A-1'],
        [newcomer, 'A-2'],
      ].sort(),
    );
  });

  it('sends a campaign to the list with each row’s variable', async () => {
    const queue = fakeDispatchQueue();
    const cloud = fakeCloudApi();
    setProviderFetch(cloud.impl);
    const list = (
      await upload(['Nome,Telefone,Nº do Pedido', 'Ana,85991120001,P-10', 'Bia,85991120002,P-20'].join('\n'))
    ).body as AudienceListView;
    const created = await callRoute(handler, createCampaign, {
      token: world.a.admin.token,
      body: {
        name: 'Pedidos',
        integration: world.official._id,
        template: 'promo',
        variables: {
          '1': { source: 'field', value: 'customer_first_name' },
          '2': { source: 'field', value: 'csv.n_do_pedido' },
          header_1: { source: 'text', value: 'você' },
        },
        audience: { audience_list: list._id },
      },
    });
    expect(created.status).toBe(201);
    // The same column with an audience that is not that list is refused, naming the variable.
    const { tagId } = await world.audience(1);
    const mismatch = await callRoute(handler, createCampaign, {
      token: world.a.admin.token,
      body: {
        name: 'Sem lista',
        integration: world.official._id,
        template: 'promo',
        variables: { '2': { source: 'field', value: 'csv.n_do_pedido' } },
        audience: { tags: [tagId] },
      },
    });
    expect(mismatch).toMatchObject({ status: 400, body: { field: 'variables.2' } });
    const id = (created.body as { _id: string })._id;
    expect((await world.start(id)).status).toBe(200);
    await queue.drain();
    expect(cloud.sent.map((send) => [send.to, send.params]).sort()).toEqual([
      ['5585991120001', ['Ana', 'P-10']],
      ['5585991120002', ['Bia', 'P-20']],
    ]);
    setProviderFetch();
  });

  it('refuses a file without the phone column or without any valid row, naming why', async () => {
    expect(await upload('Nome;Celular\nAna;85991130001')).toMatchObject({
      status: 400,
      body: { field: 'phone_column', message: 'Coluna não encontrada no arquivo: Telefone.' },
    });
    expect(await upload('Nome;Telefone;Nº do Pedido\nAna;abc;1')).toMatchObject({
      status: 400,
      body: { message: 'Nenhuma linha válida no arquivo.' },
    });
  });

  it("keeps each company's lists and rows to itself", async () => {
    const list = (await upload('Nome;Telefone;Nº do Pedido\nCarla;85991140001;X')).body as AudienceListView;
    const theirs = await callRoute(handler, listAudienceLists, { token: world.b.admin.token });
    expect((theirs.body as { audience_lists: AudienceListView[] }).audience_lists).toEqual([]);
    expect(
      (await callRoute(handler, deleteAudienceList, { token: world.b.admin.token, params: { id: list._id } }))
        .status,
    ).toBe(404);
    // B's upload of the same number makes B's own contact, never A's.
    const mine = (await upload('Nome;Telefone;Nº do Pedido\nCarla B;85991140001;Y', {}, world.b.admin.token))
      .body as AudienceListView;
    const [rowB] = await readCsvRows(world.b.companyId, mine._id);
    expect(await readContact(world.a.companyId, rowB?.contact ?? '')).toBeUndefined();
    expect(await readCsvRows(world.b.companyId, list._id)).toEqual([]);
    // The operator (no campaign:module) is refused.
    expect((await upload('Nome;Telefone\nD;85991140002', {}, world.a.operator.token)).status).toBe(403);
    const deleted = await callRoute(handler, deleteAudienceList, {
      token: world.a.admin.token,
      params: { id: list._id },
    });
    expect(deleted.status).toBe(200);
    expect(await readCsvRows(world.a.companyId, list._id)).toEqual([]);
  });
});
