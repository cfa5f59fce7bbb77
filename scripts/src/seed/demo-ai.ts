import { signIn } from './demo-content.ts';
import type { DemoSeed } from './seed.ts';

export const DEMO_AI = {
  apiKey: 'sk-sandbox-demo',
  chatModel: 'sandbox-chat',
  embeddingModel: 'sandbox-embed',
  knowledgeBase: 'Perguntas frequentes (demonstração)',
  document: {
    title: 'Sobre a Empresa Demo',
    text: 'A Empresa Demo atende de segunda a sexta, das 8h às 18h.\n\nO frete é grátis para compras acima de R$ 200.\n\nTrocas são aceitas em até 30 dias com a nota fiscal.',
  },
};

/**
 * The demo company's AI, offline: its model settings point at the sandbox's OpenAI-compatible fake, and a
 * small knowledge base is there to try assistants and the copilot with. Skipped once settings exist (an
 * admin may have pointed the company at a real model).
 */
export async function seedDemoAi(baseUrl: string, seed: DemoSeed, modelUrl: string): Promise<void> {
  const found = seed.logins.find((entry) => entry.role === 'admin');
  if (!found) throw new Error('demo AI: no admin login');
  const admin = await signIn(baseUrl, found.email, found.password);
  const settings = await admin.call<{ configured: boolean }>('GET', '/ai/settings');
  if (settings.status !== 200 || settings.body.configured) return;
  const saved = await admin.call('PUT', '/ai/settings', {
    base_url: modelUrl,
    api_key: DEMO_AI.apiKey,
    chat_model: DEMO_AI.chatModel,
    embedding_model: DEMO_AI.embeddingModel,
  });
  if (saved.status !== 200) throw new Error(`demo AI settings answered ${saved.status}`);
  const kb = await admin.call<{ _id: string }>('POST', '/knowledge-bases', { name: DEMO_AI.knowledgeBase });
  if (kb.status !== 201) throw new Error(`demo knowledge base answered ${kb.status}`);
  await admin.call('POST', `/knowledge-bases/${kb.body._id}/documents`, DEMO_AI.document);
}
