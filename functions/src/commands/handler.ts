import { createCommand } from '@atende/shared/contracts/commands/create-command';
import { deleteCommand } from '@atende/shared/contracts/commands/delete-command';
import { listCommands } from '@atende/shared/contracts/commands/list-commands';
import { updateCommand } from '@atende/shared/contracts/commands/update-command';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listCommands, ({ auth }) => service.listCommands(auth)),
    route(createCommand, ({ auth, body }) => service.createCommand(auth, body)),
    route(updateCommand, ({ auth, params, body }) => service.updateCommand(auth, params.id, body)),
    route(deleteCommand, ({ auth, params }) => service.deleteCommand(auth, params.id)),
  ],
  { accessContext: loadAccessContext },
);
