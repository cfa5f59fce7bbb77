import { createContact } from '@atende/shared/contracts/contacts/create-contact';
import { createContactExport } from '@atende/shared/contracts/contacts/create-contact-export';
import { createContactImport } from '@atende/shared/contracts/contacts/create-contact-import';
import { createContactImportUpload } from '@atende/shared/contracts/contacts/create-contact-import-upload';
import { deleteContact } from '@atende/shared/contracts/contacts/delete-contact';
import { getContact } from '@atende/shared/contracts/contacts/get-contact';
import { getContactExport } from '@atende/shared/contracts/contacts/get-contact-export';
import { getContactImport } from '@atende/shared/contracts/contacts/get-contact-import';
import { getContactImportErrors } from '@atende/shared/contracts/contacts/get-contact-import-errors';
import { getContactTimeline } from '@atende/shared/contracts/contacts/get-contact-timeline';
import { listContacts } from '@atende/shared/contracts/contacts/list-contacts';
import { updateContact } from '@atende/shared/contracts/contacts/update-contact';
import { loadAccessContext } from '../company/access-context.ts';
import * as exports from '../imports/export-service.ts';
import * as imports from '../imports/import-service.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';
import { contactTimeline } from './timeline.ts';

export const handler = createHttpHandler(
  [
    route(listContacts, ({ auth, query }) => service.listContacts(auth, query)),
    route(createContact, ({ auth, body }) => service.createContact(auth, body)),
    route(getContact, ({ auth, params }) => service.getContact(auth, params.id)),
    route(updateContact, ({ auth, params, body }) => service.updateContact(auth, params.id, body)),
    route(deleteContact, ({ auth, params }) => service.deleteContact(auth, params.id)),
    route(getContactTimeline, ({ auth, params }) => contactTimeline(auth, params.id)),
    route(createContactImportUpload, ({ auth, body }) => imports.presignImportUpload(auth, body)),
    route(createContactImport, ({ auth, body }) => imports.startImport(auth, body)),
    route(getContactImport, ({ auth, params }) => imports.getImport(auth, params.id)),
    route(getContactImportErrors, ({ auth, params }) => imports.importErrorReport(auth, params.id)),
    route(createContactExport, ({ auth, body }) => exports.startExport(auth, body)),
    route(getContactExport, ({ auth, params }) => exports.getExport(auth, params.id)),
  ],
  { accessContext: loadAccessContext },
);
