import { confirmMailbox } from '@atende/shared/contracts/integrations/mailbox-confirmation';
import type { ProviderIntegrationView } from '@atende/shared/contracts/integrations/views';
import { watchAccountMail } from '../auth/account-mail.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { handler } from './handler.ts';

/** The code in a mailbox confirmation mail. */
export const mailedCode = (text: string): string | undefined => /\b(\d{6})\b/.exec(text)?.[1];

/** Runs `act` and answers the last mailbox code mailed to `address` meanwhile. */
export async function codeMailedDuring(address: string, act: () => Promise<unknown>): Promise<string> {
  let code: string | undefined;
  const stop = watchAccountMail((mail) => {
    if (mail.to === address.trim().toLowerCase()) code = mailedCode(mail.text) ?? code;
  });
  try {
    await act();
  } finally {
    stop();
  }
  if (!code) throw new Error(`no mailbox code was mailed to ${address}`);
  return code;
}

/** Test support: an e-mail integration created by `create`, confirmed with the code mailed to its address. */
export async function confirmedMailbox(
  token: string,
  address: string,
  create: () => Promise<ProviderIntegrationView>,
): Promise<ProviderIntegrationView> {
  let created: ProviderIntegrationView | undefined;
  const code = await codeMailedDuring(address, async () => {
    created = await create();
  });
  const id = created?._id ?? '';
  const response = await callRoute(handler, confirmMailbox, { token, params: { id }, body: { code } });
  if (response.status !== 200) throw new Error(`mailbox not confirmed: ${JSON.stringify(response.body)}`);
  return response.body as ProviderIntegrationView;
}
