import {
  type commandBody,
  type commandPatch,
  type CommandView,
  commandView,
  DEFAULT_COMMANDS,
} from '@atende/shared/contracts/commands/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { contactsPtBR } from '@atende/shared/i18n/pt-BR';
import type { z } from 'zod';
import {
  type Catalogue,
  listCatalogue,
  requireCatalogueItem,
  writeCatalogueItem,
} from '../lib/dynamo/catalogue.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Conflict } from '../lib/errors.ts';

export const commandCatalogue: Catalogue<CommandView> = {
  kind: 'COMMANDS',
  schema: commandView,
  unique: (command) => command.command.toLowerCase(),
  notFound: contactsPtBR.commandNotFound,
  taken: contactsPtBR.commandTaken,
  takenField: 'command',
};

/** Spec point 3's default commands: always there, typed by their own name. */
export const defaultCommands = (): CommandView[] =>
  DEFAULT_COMMANDS.map((action) => ({
    _id: `default:${action}`,
    command: action,
    description: contactsPtBR.defaultCommands[action],
    action,
    reply: null,
    default: true,
  }));

const requireFreeName = (name: string | undefined) => {
  if (name && (DEFAULT_COMMANDS as readonly string[]).includes(name.toLowerCase())) {
    throw new Conflict(contactsPtBR.commandTaken, 'command');
  }
};

export async function listCommands(auth: AuthContext) {
  const custom = await listCatalogue(commandCatalogue, auth.companyId);
  return { commands: [...defaultCommands(), ...custom.sort((a, b) => a.command.localeCompare(b.command))] };
}

export async function createCommand(auth: AuthContext, body: z.infer<typeof commandBody>) {
  requireFreeName(body.command);
  const command: CommandView = { _id: newObjectId(), ...body, action: 'reply', default: false };
  await writeCatalogueItem(commandCatalogue, auth.companyId, undefined, command);
  return command;
}

export async function updateCommand(auth: AuthContext, id: string, body: z.infer<typeof commandPatch>) {
  requireFreeName(body.command);
  const before = await requireCatalogueItem(commandCatalogue, auth.companyId, id);
  const after = { ...before, ...body };
  await writeCatalogueItem(commandCatalogue, auth.companyId, before, after);
  return after;
}

export async function deleteCommand(auth: AuthContext, id: string) {
  const before = await requireCatalogueItem(commandCatalogue, auth.companyId, id);
  await writeCatalogueItem(commandCatalogue, auth.companyId, before, undefined);
  return { deleted: id };
}
