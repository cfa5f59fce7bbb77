import { listQuickMessages } from '@atende/shared/contracts/quick-messages/list-quick-messages';
import { listVariables } from '@atende/shared/contracts/variables/list-variables';
import { callRoute } from '../../../lib/api/call-route.ts';

/** The company's quick messages, typed as /shortcut in the composer. */
export const fetchQuickMessages = () => callRoute(listQuickMessages);

/** The company's variables: its own ones carry the value a quick message's {{key}} becomes. */
export const fetchVariables = () => callRoute(listVariables);

export const quickMessageKeys = {
  list: ['chat', 'quick-messages'] as const,
  variables: ['chat', 'variables'] as const,
};
