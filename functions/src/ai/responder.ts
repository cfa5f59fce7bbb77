/** The pseudo flow id a channel's assistant runs under in the bot session (so turns are deduplicated alike). */
const PREFIX = 'assistant:';
export const assistantFlowId = (assistantId: string) => `${PREFIX}${assistantId}`;
export const assistantOfFlow = (flow: string) =>
  flow.startsWith(PREFIX) ? flow.slice(PREFIX.length) : undefined;
