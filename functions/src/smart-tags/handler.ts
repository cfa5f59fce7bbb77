import { createSmartTag } from '@atende/shared/contracts/smart-tags/create-smart-tag';
import { deleteSmartTag } from '@atende/shared/contracts/smart-tags/delete-smart-tag';
import { getSmartTag } from '@atende/shared/contracts/smart-tags/get-smart-tag';
import { listSmartTagContacts } from '@atende/shared/contracts/smart-tags/list-smart-tag-contacts';
import { listSmartTags } from '@atende/shared/contracts/smart-tags/list-smart-tags';
import { previewSmartTag } from '@atende/shared/contracts/smart-tags/preview-smart-tag';
import { updateSmartTag } from '@atende/shared/contracts/smart-tags/update-smart-tag';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listSmartTags, ({ auth }) => service.listSmartTags(auth)),
    route(createSmartTag, ({ auth, body }) => service.createSmartTag(auth, body)),
    route(previewSmartTag, ({ auth, body }) => service.previewSmartTag(auth, body)),
    route(getSmartTag, ({ auth, params }) => service.getSmartTag(auth, params.id)),
    route(updateSmartTag, ({ auth, params, body }) => service.updateSmartTag(auth, params.id, body)),
    route(deleteSmartTag, ({ auth, params }) => service.deleteSmartTag(auth, params.id)),
    route(listSmartTagContacts, ({ auth, params, query }) =>
      service.listSmartTagContacts(auth, params.id, query),
    ),
  ],
  { accessContext: loadAccessContext },
);
