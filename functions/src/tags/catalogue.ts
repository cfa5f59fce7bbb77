import { type TagView, tagView } from '@atende/shared/contracts/tags/views';
import { contactsPtBR } from '@atende/shared/i18n/pt-BR';
import type { Catalogue } from '../lib/dynamo/catalogue.ts';
import { foldText } from '../contacts/text.ts';

export const tagCatalogue: Catalogue<TagView> = {
  kind: 'TAGS',
  schema: tagView,
  unique: (tag) => foldText(tag.name),
  notFound: contactsPtBR.tagNotFound,
  taken: contactsPtBR.tagNameTaken,
  takenField: 'name',
};
