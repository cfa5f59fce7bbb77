import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderSandbox, type ProviderSandbox } from './server.ts';

let sandbox: ProviderSandbox;
beforeAll(async () => {
  sandbox = await createProviderSandbox({ smtpPort: 0 });
});
afterAll(() => sandbox.close());

const post = async (path: string, body: unknown, key = 'sk-sandbox') => {
  const response = await fetch(`${sandbox.baseUrls.openai}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
};

const cosine = (a: number[], b: number[]) =>
  a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);

describe('OpenAI-compatible fake', () => {
  it('embeds similar texts close together and unrelated ones apart, deterministically', async () => {
    const { body } = await post('/v1/embeddings', {
      model: 'sandbox-embed',
      input: [
        'prazo de entrega para o interior',
        'qual o prazo da entrega no interior?',
        'plano profissional custa',
      ],
    });
    const [a, b, c] = (body.data as { embedding: number[] }[]).map((entry) => entry.embedding);
    expect(cosine(a ?? [], b ?? [])).toBeGreaterThan(0.6);
    expect(cosine(a ?? [], c ?? [])).toBeLessThan(0.2);
    const again = await post('/v1/embeddings', {
      model: 'sandbox-embed',
      input: 'prazo de entrega para o interior',
    });
    expect((again.body.data as { embedding: number[] }[])[0]?.embedding).toEqual(a);
  });

  it('answers grounded in the numbered context with a confidence and citations, in OpenAI chat shape', async () => {
    const { status, body } = await post('/v1/chat/completions', {
      model: 'sandbox-chat',
      response_format: { type: 'json_object' },
      messages: [
        {
          role: 'system',
          content:
            'Trechos:\n[1] Frete\nO frete é grátis acima de R$ 200.\n\n[2] Trocas\nTrocas em até 30 dias.',
        },
        { role: 'user', content: 'Em quantos dias posso fazer trocas?' },
      ],
    });
    expect(status).toBe(200);
    const choice = (body.choices as { message: { content: string } }[])[0];
    expect(JSON.parse(choice?.message.content ?? '')).toMatchObject({
      answer: 'Trocas em até 30 dias.',
      citations: [2],
    });
    expect(body.usage).toMatchObject({
      prompt_tokens: expect.any(Number),
      completion_tokens: expect.any(Number),
    });
    expect(sandbox.sent('openai').at(-1)).toMatchObject({ path: '/v1/chat/completions' });
  });

  it('answers 401 without an sk- key and 429 with Retry-After on demand', async () => {
    expect((await post('/v1/embeddings', { model: 'x', input: 'a' }, 'nope')).status).toBe(401);
    sandbox.failNext('openai', 'rate_limit', { retryAfter: 2 });
    const limited = await post('/v1/embeddings', { model: 'x', input: 'a' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.body).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
  });
});
