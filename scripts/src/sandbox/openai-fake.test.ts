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

  it('calls the offered tools a message asks for, then answers from their results, in OpenAI tool shapes', async () => {
    const tools = ['add_tag', 'update_contact_field', 'http_consultar_pedido'].map((name) => ({
      type: 'function',
      function: { name, description: name, parameters: { type: 'object', properties: {} } },
    }));
    const question = { role: 'user', content: 'Coloque a tag VIP e quero consultar o pedido 7' };
    const first = await post('/v1/chat/completions', { model: 'sandbox-chat', tools, messages: [question] });
    const choice = (first.body.choices as { message: Record<string, unknown>; finish_reason: string }[])[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.content).toBeNull();
    const calls = choice?.message.tool_calls as { id: string; type: string; function: object }[];
    expect(calls.map((call) => ({ type: call.type, function: call.function }))).toEqual([
      { type: 'function', function: { name: 'add_tag', arguments: '{"tag":"VIP"}' } },
      // Every word of the tool's name (consultar, pedido) is in the message.
      {
        type: 'function',
        function: { name: 'http_consultar_pedido', arguments: JSON.stringify({ query: question.content }) },
      },
    ]);
    const again = await post('/v1/chat/completions', { model: 'sandbox-chat', tools, messages: [question] });
    expect((again.body.choices as { message: unknown }[])[0]?.message).toEqual(choice?.message);
    const answered = await post('/v1/chat/completions', {
      model: 'sandbox-chat',
      tools,
      response_format: { type: 'json_object' },
      messages: [
        question,
        { role: 'assistant', content: null, tool_calls: calls },
        { role: 'tool', tool_call_id: calls[0]?.id, content: '{"ok":true,"result":"etiqueta adicionada"}' },
        { role: 'tool', tool_call_id: calls[1]?.id, content: '{"ok":false,"error":"HTTP 500"}' },
      ],
    });
    const final = (answered.body.choices as { message: { content: string }; finish_reason: string }[])[0];
    expect(final?.finish_reason).toBe('stop');
    expect(JSON.parse(final?.message.content ?? '')).toEqual({
      answer: 'Pronto: etiqueta adicionada Não consegui concluir: HTTP 500',
      confidence: 0,
      citations: [],
    });
  });

  it("answers in the customer's language: the question's, detected", async () => {
    const context = { role: 'system', content: 'Trechos:\n[1] Planos\nO plano Pro custa R$ 99 por mês.' };
    const ask = async (content: string) => {
      const { body } = await post('/v1/chat/completions', {
        model: 'sandbox-chat',
        response_format: { type: 'json_object' },
        messages: [context, { role: 'user', content }],
      });
      const message = (body.choices as { message: { content: string } }[])[0]?.message.content ?? '';
      return (JSON.parse(message) as { answer: string }).answer;
    };
    expect(await ask('Quanto custa o plano Pro?')).toBe('O plano Pro custa R$ 99 por mês.');
    expect(await ask('How much is the plano Pro?')).toBe(
      'According to our information: O plano Pro custa R$ 99 por mês.',
    );
    expect(await ask('¿Cuánto cuesta el plano Pro?')).toBe(
      'Según nuestra información: O plano Pro custa R$ 99 por mês.',
    );
  });
});
