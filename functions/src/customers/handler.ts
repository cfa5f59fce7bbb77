import { customersTotalMessages } from '@atende/shared/contracts/customers/customers-total-messages';
import { migrateChannel } from '@atende/shared/contracts/customers/migrate-channel';
import { totalNewMessages } from '../conversations/counts.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler([
  route(customersTotalMessages, ({ auth, params }) =>
    totalNewMessages(auth, params.companyId, params.employeeId),
  ),
  route(migrateChannel, ({ auth, body }) => service.migrateChannel(auth, body)),
]);
