import { type TagView, tagView } from '@atende/shared/contracts/tags/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { Catalogue } from '../lib/dynamo/catalogue.ts';
import { foldText } from '../contacts/text.ts';

export const tagCatalogue: Catalogue<TagView> = {
  kind: 'TAGS',
  schema: tagView,
  unique: (tag) => foldText(tag.name),
  notFound: ptBR.contacts.tagNotFound,
  taken: ptBR.contacts.tagNameTaken,
  takenField: 'name',
};
