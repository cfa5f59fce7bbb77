import { answerFakeModel } from '@atende/functions/ai/fake-model';
import type { FakeContext, FakeRequest, FakeResult } from './types.ts';

/**
 * The OpenAI-compatible model fake (`/openai/v1/chat/completions`, `/openai/v1/embeddings`): deterministic
 * grounded chat and hashed bag-of-words embeddings (functions/src/ai/fake-model.ts), OpenAI's error shapes,
 * and on demand a 429 with Retry-After, a 401 or a 503. Any `sk-...` key is accepted.
 */
export function handleOpenai(request: FakeRequest, context: FakeContext): FakeResult {
  const queued = context.takeFailure('openai');
  // A model has no recipients: the WhatsApp-only failures answer as its own nearest ones.
  const failure =
    queued?.failure === 'recipient' || queued?.failure === 'marketing_cap'
      ? 'unavailable'
      : queued?.failure === 'pair_rate_limit'
        ? 'rate_limit'
        : queued?.failure;
  const answer = answerFakeModel(request.method, request.path, request.headers, request.body, failure);
  return {
    response: {
      status: answer.status,
      body: answer.body,
      ...(failure === 'rate_limit' && queued
        ? { headers: { 'retry-after': String(queued.retryAfter) } }
        : {}),
    },
    recorded: true,
  };
}
