import { switchCompany } from '@atende/shared/contracts/auth/switch-company';
import { callRoute } from '../../../lib/api/call-route.ts';
import { saveSignIn } from '../../../lib/session/session-store.ts';
import { identifyBrowser } from './sign-in.ts';

/**
 * Moves the signed-in account to another of its companies: the server ends this session and answers the new
 * company's tokens, which replace the stored ones. The caller reloads the app so nothing of the old company stays.
 */
export async function switchToCompany(companyId: string): Promise<void> {
  const answer = await callRoute(switchCompany, { body: { company: companyId } });
  saveSignIn(answer);
  await identifyBrowser(answer.employee._id);
}
