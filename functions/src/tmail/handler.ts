import { getTmail } from '@atende/shared/contracts/tmail/get-tmail';
import { listTmails } from '@atende/shared/contracts/tmail/list-tmails';
import { presignTmailAttachment } from '@atende/shared/contracts/tmail/presign-tmail-attachment';
import { searchTmailPeople } from '@atende/shared/contracts/tmail/search-people';
import { sendTmail } from '@atende/shared/contracts/tmail/send-tmail';
import { unreadTmails } from '@atende/shared/contracts/tmail/unread-tmails';
import { updateTmail } from '@atende/shared/contracts/tmail/update-tmail';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler([
  route(unreadTmails, ({ auth }) => service.unreadTmails(auth)),
  route(searchTmailPeople, ({ auth, query }) => service.searchPeople(auth, query.search)),
  route(listTmails, ({ auth, query }) => service.listTmails(auth, query)),
  route(sendTmail, ({ auth, body }) => service.sendTmail(auth, body)),
  route(presignTmailAttachment, ({ auth, body }) => service.presignAttachment(auth, body)),
  route(getTmail, ({ auth, params }) => service.getTmail(auth, params.id)),
  route(updateTmail, ({ auth, params, body }) => service.updateTmail(auth, params.id, body)),
]);
