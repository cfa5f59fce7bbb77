import { putAiSettings } from '@atende/shared/contracts/ai/routes';
import { callRoute } from '../auth/test-gateway.ts';
import type { Tenant } from '../company/test-tenant.ts';
import { handler } from './handler.ts';

export const TEST_MODEL_KEY = 'sk-test-model-key-0001';

/** Points a company's AI settings at the test model, as its admin would. */
export async function plugTestModel(tenant: Pick<Tenant, 'admin'>, url: string): Promise<void> {
  const answer = await callRoute(handler, putAiSettings, {
    token: tenant.admin.token,
    body: { base_url: url, api_key: TEST_MODEL_KEY, chat_model: 'fake-chat', embedding_model: 'fake-embed' },
  });
  if (answer.status !== 200) throw new Error(`AI settings answered ${answer.status}`);
}
