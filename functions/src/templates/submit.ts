import type { SubmitTemplateBody } from '@atende/shared/contracts/templates/submit-template';
import type { TemplateView } from '@atende/shared/contracts/templates/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { campaignsPtBR, channelsPtBR } from '@atende/shared/i18n/pt-BR';
import * as z from 'zod';
import { ChannelSendError } from '../channels/adapter.ts';
import { GRAPH_BASE_URL, GRAPH_VERSION, callProvider, joinUrl } from '../channels/meta/graph.ts';
import { providerBaseUrl, providerFetch } from '../channels/providers.ts';
import { openCredentials } from '../integrations/crypto.ts';
import type { ProviderIntegrationRecord } from '../integrations/records.ts';
import { AppError, Invalid } from '../lib/errors.ts';
import { specStatus } from './provider-sync.ts';
import { listTemplateRecords, putTemplates } from './store.ts';

const created = z.object({ id: z.string(), status: z.string(), category: z.string().optional() });

class SubmitRefused extends AppError {
  constructor(message: string) {
    super(400, 'template_refused', `${campaignsPtBR.templateSubmit.refused} ${message}`.trim());
  }
}

/** The template as Meta's message_templates edge takes it: an optional TEXT header and the body with examples. */
export function graphTemplateBody(body: SubmitTemplateBody) {
  return {
    name: body.name,
    language: body.language,
    category: body.category,
    components: [
      ...(body.header ? [{ type: 'HEADER', format: 'TEXT', text: body.header }] : []),
      {
        type: 'BODY',
        text: body.body,
        ...(body.examples?.length ? { example: { body_text: [body.examples] } } : {}),
      },
    ],
  };
}

/**
 * Creates the template on the WABA and stores it with Meta's answer (its id and review status). A refusal
 * (bad name, a language that already has this template ...) is a 400 with Meta's own message.
 */
export async function submitToProvider(
  companyId: string,
  record: ProviderIntegrationRecord,
  body: SubmitTemplateBody,
  now = new Date(),
): Promise<TemplateView> {
  if (record.provider !== 'meta' && record.provider !== 'motor') {
    throw new Invalid('integration', channelsPtBR.templatesManualOnly);
  }
  const credentials = openCredentials(record.credentials, record._id);
  if (!credentials.waba_id) throw new Invalid('waba_id', channelsPtBR.templatesNeedWaba);
  const base = providerBaseUrl(record.provider) ?? credentials.base_url ?? GRAPH_BASE_URL;
  let answer: z.infer<typeof created>;
  try {
    answer = created.parse(
      await callProvider(
        providerFetch(),
        joinUrl(base, GRAPH_VERSION, credentials.waba_id, 'message_templates'),
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${credentials.access_token ?? ''}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(graphTemplateBody(body)),
        },
      ),
    );
  } catch (error) {
    if (error instanceof ChannelSendError && !error.retryable) throw new SubmitRefused(error.message);
    throw error;
  }
  const previous = (await listTemplateRecords(companyId, record._id)).find(
    (template) => template.name === body.name && template.language === body.language,
  );
  const template: TemplateView = {
    _id: previous?._id ?? newObjectId(),
    integration: record._id,
    name: body.name,
    language: body.language,
    status: specStatus(answer.status),
    category: answer.category ?? body.category,
    body: body.body,
    ...(body.header ? { header: body.header } : {}),
    provider_template_id: answer.id,
    source: 'provider',
    updated_at: now.toISOString(),
  };
  await putTemplates(companyId, [template]);
  return template;
}
