import { DEFAULT_COMMANDS } from '@atende/shared/contracts/commands/views';
import { createCommand } from '@atende/shared/contracts/commands/create-command';
import { listCommands } from '@atende/shared/contracts/commands/list-commands';
import type { CommandView } from '@atende/shared/contracts/commands/views';
import { createVariable } from '@atende/shared/contracts/variables/create-variable';
import { deleteVariable } from '@atende/shared/contracts/variables/delete-variable';
import { listVariables } from '@atende/shared/contracts/variables/list-variables';
import { DEFAULT_VARIABLES, type VariableView } from '@atende/shared/contracts/variables/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as commandsHandler } from '../commands/handler.ts';
import { createTenant, type Tenant } from '../company/test-tenant.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  process.env.JWT_SECRET = 'test-secret-with-at-least-32-characters!';
  await useTestTables();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

describe('variables', () => {
  it("lists the spec's default properties first, then the company's own", async () => {
    const created = await callRoute(handler, createVariable, {
      token: a.admin.token,
      body: { key: 'site', label: 'Site', value: 'https://exemplo.com' },
    });
    expect(created.status).toBe(201);
    const list = (await callRoute(handler, listVariables, { token: a.operator.token })).body as {
      variables: VariableView[];
    };
    expect(list.variables.map((variable) => variable.key)).toEqual([...DEFAULT_VARIABLES, 'site']);
    expect(list.variables[0]).toMatchObject({ label: 'Nome da empresa', default: true });
    const other = (await callRoute(handler, listVariables, { token: b.admin.token })).body as {
      variables: VariableView[];
    };
    expect(other.variables.map((variable) => variable.key)).toEqual([...DEFAULT_VARIABLES]);
    const id = (created.body as VariableView)._id;
    expect((await callRoute(handler, deleteVariable, { token: b.admin.token, params: { id } })).status).toBe(
      404,
    );
  });

  it('refuses a default key, a bad key and non-admins', async () => {
    const taken = await callRoute(handler, createVariable, {
      token: a.admin.token,
      body: { key: 'protocol', label: 'P', value: 'x' },
    });
    expect(taken.status).toBe(409);
    const bad = await callRoute(handler, createVariable, {
      token: a.admin.token,
      body: { key: 'Meu Site', label: 'S', value: 'x' },
    });
    expect(bad.body).toMatchObject({
      field: 'key',
      message: `Campo inválido: key: ${ptBR.contacts.invalidVariableKey}`,
    });
    expect(
      (
        await callRoute(handler, createVariable, {
          token: a.manager.token,
          body: { key: 'x', label: 'X', value: 'x' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('commands', () => {
  it("lists the spec's default commands and adds custom ones, never over a default", async () => {
    const created = await callRoute(commandsHandler, createCommand, {
      token: a.admin.token,
      body: { command: 'horario', description: 'Horário de atendimento', reply: 'Seg a sex, 8h às 18h' },
    });
    expect(created.status).toBe(201);
    const list = (await callRoute(commandsHandler, listCommands, { token: a.admin.token })).body as {
      commands: CommandView[];
    };
    expect(list.commands.map((command) => command.command)).toEqual([...DEFAULT_COMMANDS, 'horario']);
    expect(list.commands.find((command) => command.command === 'end_call')).toMatchObject({
      description: 'Encerrar atendimento',
      default: true,
    });
    const clash = await callRoute(commandsHandler, createCommand, {
      token: a.admin.token,
      body: { command: 'END_CALL', description: 'x', reply: 'x' },
    });
    expect(clash.status).toBe(409);
    expect(
      (
        await callRoute(commandsHandler, createCommand, {
          token: a.operator.token,
          body: { command: 'x', description: 'x', reply: 'x' },
        })
      ).status,
    ).toBe(403);
  });
});
