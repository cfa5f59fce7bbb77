import { readCompanySettings } from '@atende/shared/contracts/company/settings';
import type {
  simulateFlowBody,
  SimulateFlowResponse,
  testRequestBody,
} from '@atende/shared/contracts/flows/simulate-flow';
import { emptyGraph } from '@atende/shared/contracts/flows/graph';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { flowMessagesPtBR } from '@atende/shared/i18n/pt-BR-flows';
import type { z } from 'zod';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { SETTINGS_ATTRIBUTE } from '../company/settings-reader.ts';
import { readCompanyItem } from '../company/store.ts';
import { isWithinOfficeHours, timezoneOf } from '../conversations/queue-rules.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { config } from '../lib/config.ts';
import { Invalid, NotFound } from '../lib/errors.ts';
import { safeFetch, UnsafeUrl } from '../lib/safe-fetch.ts';
import { variableCatalogue } from '../variables/service.ts';
import { assistantStep } from '../ai/assistant-step.ts';
import { loadPublished } from './runtime/published.ts';
import { advance, type BotSession } from './runtime/interpreter.ts';
import { variableLookup } from './runtime/variables.ts';
import { getDraft, getFlowRecord } from './store.ts';

const allowLocal = () => ['local', 'test'].includes(config().stage);

/**
 * One simulated turn on the flow's draft: the real interpreter, with effects that only record what they would
 * do (contact and tag changes) — HTTP nodes do call out, through the same guard as the live bot.
 */
export async function simulate(
  auth: AuthContext,
  flowId: string,
  body: z.infer<typeof simulateFlowBody>,
): Promise<SimulateFlowResponse> {
  const record = await getFlowRecord(auth.companyId, flowId);
  if (!record) throw new NotFound(flowMessagesPtBR.flowNotFound);
  const [draft, company, variables] = await Promise.all([
    getDraft(auth.companyId, flowId),
    readCompanyItem(auth.companyId),
    listCatalogue(variableCatalogue, auth.companyId),
  ]);
  const settings = readCompanySettings(company[SETTINGS_ATTRIBUTE]);
  const effects: string[] = [];
  const start: BotSession = body.session ?? {
    flow: flowId,
    version: 1,
    node: null,
    variables: {},
    invalid: 0,
    resume_at: null,
    done: false,
  };
  // go_to_flow inside the simulation moves into published flows; coming back, the draft is this flow's.
  const graph =
    start.flow === flowId
      ? (draft ?? emptyGraph())
      : ((await loadPublished(auth.companyId, start.flow))?.graph ?? emptyGraph());
  const invalid = settings.invalidResponses;
  const result = await advance(
    {
      graph,
      lookup: variableLookup({
        company,
        settings,
        protocol: '00000000000000',
        customerName: flowMessagesPtBR.simulatorCustomer,
        contact: undefined,
        companyVariables: Object.fromEntries(
          variables.map((variable) => [variable.key, variable.value ?? '']),
        ),
        chatbotName: record.name,
      }),
      tags: [],
      withinOfficeHours: isWithinOfficeHours(settings, new Date(), timezoneOf(company)),
      invalidLimit: invalid.enabled ? { limit: invalid.limit, outcome: invalid.outcome } : undefined,
      effects: {
        loadFlow: (id) => loadPublished(auth.companyId, id),
        http: async (call) => {
          const response = await safeFetch(call, { allowLocal: allowLocal() });
          let json: unknown;
          try {
            json = JSON.parse(response.body);
          } catch {
            json = undefined;
          }
          return { ok: response.status >= 200 && response.status < 300, json };
        },
        updateContact: async (field, value) => void effects.push(`${field} = ${value}`),
        tag: async (action, tag) => void effects.push(`${action === 'add' ? '+' : '-'}tag ${tag}`),
        // The assistant really answers (reading knowledge is harmless); nothing is sent.
        assistant: (assistantId, text) => assistantStep(auth.companyId, assistantId, text),
      },
    },
    start,
    body.session ? { ...(body.text !== undefined ? { text: body.text } : {}) } : undefined,
  );
  return { ...result, effects };
}

export async function testRequest(body: z.infer<typeof testRequestBody>) {
  const started = performance.now();
  try {
    const response = await safeFetch(
      {
        method: body.method,
        url: body.url,
        headers: Object.fromEntries(
          body.headers.filter((header) => header.key).map((header) => [header.key, header.value]),
        ),
        body: body.body,
      },
      { allowLocal: allowLocal() },
    );
    return {
      status: response.status,
      body: response.body.slice(0, 20_000),
      duration_ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    if (error instanceof UnsafeUrl || error instanceof TypeError)
      throw new Invalid('url', flowMessagesPtBR.unsafeUrl);
    throw new Invalid(
      'url',
      interpolate(flowMessagesPtBR.requestFailed, { reason: error instanceof Error ? error.message : '' }),
    );
  }
}
