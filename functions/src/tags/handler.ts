import { createTag } from '@atende/shared/contracts/tags/create-tag';
import { deleteTag } from '@atende/shared/contracts/tags/delete-tag';
import { listTags } from '@atende/shared/contracts/tags/list-tags';
import { updateTag } from '@atende/shared/contracts/tags/update-tag';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';

export const handler = createHttpHandler(
  [
    route(listTags, ({ auth }) => service.listTags(auth)),
    route(createTag, ({ auth, body }) => service.createTag(auth, body)),
    route(updateTag, ({ auth, params, body }) => service.updateTag(auth, params.id, body)),
    route(deleteTag, ({ auth, params }) => service.deleteTag(auth, params.id)),
  ],
  { accessContext: loadAccessContext },
);
