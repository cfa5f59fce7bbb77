import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type {
  AiSettingsBody,
  AiSettingsView,
  AiTestResult,
} from '@atende/shared/contracts/ai/settings-views';
import { aiMessagesPtBR } from '@atende/shared/i18n/ai';
import * as z from 'zod';
import { openCredentials, sealCredentials } from '../integrations/crypto.ts';
import { sealedCredentials } from '../integrations/sealed.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { Invalid } from '../lib/errors.ts';
import { aiKeys } from './keys.ts';
import { chat, embed, ModelError, type ModelEndpoint } from './model-client.ts';
import { monthUsage } from './usage.ts';

/** The key is sealed like channel credentials, with the company as additional data: a copied blob won't open. */
const settingsItem = z.object({
  base_url: z.string(),
  chat_model: z.string(),
  embedding_model: z.string(),
  api_key: sealedCredentials,
  updated_at: z.string(),
});

const aad = (companyId: string) => `ai-settings:${companyId}`;

async function readItem(companyId: string) {
  const answer = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: aiKeys.settings(companyId) }),
  );
  return answer.Item ? settingsItem.parse(answer.Item) : undefined;
}

/** The company's model endpoint, key opened; undefined when AI is not configured. */
export async function readEndpoint(companyId: string): Promise<ModelEndpoint | undefined> {
  const item = await readItem(companyId);
  if (!item) return undefined;
  const { api_key: apiKey = '' } = openCredentials(item.api_key, aad(companyId));
  return { baseUrl: item.base_url, apiKey, chatModel: item.chat_model, embeddingModel: item.embedding_model };
}

export async function requireEndpoint(companyId: string): Promise<ModelEndpoint> {
  const endpoint = await readEndpoint(companyId);
  if (!endpoint) throw new Invalid('ai_settings', aiMessagesPtBR.notConfigured);
  return endpoint;
}

export async function getSettings(auth: AuthContext): Promise<AiSettingsView> {
  const [item, usage] = await Promise.all([readItem(auth.companyId), monthUsage(auth.companyId)]);
  return {
    configured: item !== undefined,
    base_url: item?.base_url ?? '',
    chat_model: item?.chat_model ?? '',
    embedding_model: item?.embedding_model ?? '',
    has_api_key: item !== undefined,
    usage,
  };
}

export async function putSettings(auth: AuthContext, body: AiSettingsBody): Promise<AiSettingsView> {
  const previous = await readItem(auth.companyId);
  const sealed = body.api_key
    ? sealCredentials({ api_key: body.api_key }, aad(auth.companyId))
    : previous?.api_key;
  if (!sealed) throw new Invalid('api_key', aiMessagesPtBR.apiKeyRequired);
  await clients().document.send(
    new PutCommand({
      TableName: config().mainTable,
      Item: {
        ...aiKeys.settings(auth.companyId),
        base_url: body.base_url,
        chat_model: body.chat_model,
        embedding_model: body.embedding_model,
        api_key: sealed,
        updated_at: new Date().toISOString(),
      },
    }),
  );
  return getSettings(auth);
}

/** Calls both endpoints once, without retries, so the admin sees the provider's problem at once. */
export async function testSettings(auth: AuthContext): Promise<AiTestResult> {
  const endpoint = await requireEndpoint(auth.companyId);
  const options = { companyId: auth.companyId, feature: 'test' as const, attempts: 1, timeoutMs: 15_000 };
  let chatOk = false;
  try {
    await chat(endpoint, [{ role: 'user', content: 'ping' }], { ...options, maxTokens: 5 });
    chatOk = true;
    await embed(endpoint, ['ping'], options);
    return { ok: true, message: aiMessagesPtBR.connectionOk, chat: true, embeddings: true };
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return { ok: false, message: error.userMessage, chat: chatOk, embeddings: false };
  }
}
