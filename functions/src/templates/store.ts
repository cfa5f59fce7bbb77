import { type TemplateView, templateView } from '@atende/shared/contracts/templates/views';
import { batchWrite } from '../lib/dynamo/batch-write.ts';
import { queryAllByPrefix } from '../lib/dynamo/query.ts';

/**
 * Template messages of an official WhatsApp integration: `C#<cid>#TEMPLATES#<integrationId>` /
 * `TEMPLATE#<name>#<language>` — one Query lists an integration's templates; the name and language are the
 * template's identity on every provider, so a sync overwrites in place.
 */
export const templateKeys = {
  pk: (companyId: string, integrationId: string) => `C#${companyId}#TEMPLATES#${integrationId}`,
  sk: (name: string, language: string) => `TEMPLATE#${name}#${language}`,
  prefix: 'TEMPLATE#',
};

export async function listTemplateRecords(companyId: string, integrationId: string): Promise<TemplateView[]> {
  const items = await queryAllByPrefix(templateKeys.pk(companyId, integrationId), templateKeys.prefix);
  return items.flatMap((item) => {
    const parsed = templateView.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The template an operator names when sending (by name; the first language when several exist). */
export async function findTemplate(
  companyId: string,
  integrationId: string,
  name: string,
): Promise<TemplateView | undefined> {
  const templates = await listTemplateRecords(companyId, integrationId);
  return templates.find((template) => template.name === name);
}

export async function putTemplates(companyId: string, templates: readonly TemplateView[]): Promise<void> {
  await batchWrite(
    templates.map((template) => ({
      PutRequest: {
        Item: {
          pk: templateKeys.pk(companyId, template.integration),
          sk: templateKeys.sk(template.name, template.language),
          entity: 'template',
          company: companyId,
          ...template,
        },
      },
    })),
  );
}

/** Removes synced templates the provider no longer has. */
export async function deleteTemplates(
  companyId: string,
  templates: readonly Pick<TemplateView, 'integration' | 'name' | 'language'>[],
): Promise<void> {
  await batchWrite(
    templates.map((template) => ({
      DeleteRequest: {
        Key: {
          pk: templateKeys.pk(companyId, template.integration),
          sk: templateKeys.sk(template.name, template.language),
        },
      },
    })),
  );
}
