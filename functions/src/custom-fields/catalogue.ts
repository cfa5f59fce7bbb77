import { type CustomFieldView, customFieldView } from '@atende/shared/contracts/custom-fields/views';
import { contactsPtBR } from '@atende/shared/i18n/pt-BR';
import type { Catalogue } from '../lib/dynamo/catalogue.ts';

export const customFieldCatalogue: Catalogue<CustomFieldView> = {
  kind: 'CUSTOM_FIELDS',
  schema: customFieldView,
  unique: (field) => field.key,
  notFound: contactsPtBR.customFieldNotFound,
  taken: contactsPtBR.customFieldKeyTaken,
  takenField: 'key',
};
