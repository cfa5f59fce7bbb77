/**
 * Keys of the inbox's other items in the main table (conversations and messages are declared in entities.ts,
 * the customer record in contacts/entities.ts).
 *
 * - provider pointer:  pk C#<cid>#PROVIDER#<integration>#<providerMessageId>  sk PROVIDER
 *                      (the exactly-once claim of an inbound message; the status lookup of an outbound one)
 * - client send:       pk C#<cid>#SEND#<employeeId>#<clientId>  sk SEND  (an operator's send, idempotent retries)
 * - protocol counter:  pk C#<cid>#COUNTER#PROTOCOL           sk <YYYYMMDD>
 * - chat state:        pk C#<cid>#CHAT_STATE#<employeeId>     sk STATE      (last close, for intervals)
 */
const base = (companyId: string) => `C#${companyId}#`;

export const inboxKeys = {
  provider: (companyId: string, integrationId: string, providerMessageId: string) => ({
    pk: `${base(companyId)}PROVIDER#${integrationId}#${providerMessageId}`,
    sk: 'PROVIDER',
  }),
  /** An operator's send claimed by the client's id for it (idempotent retries). */
  clientSend: (companyId: string, employeeId: string, clientId: string) => ({
    pk: `${base(companyId)}SEND#${employeeId}#${clientId}`,
    sk: 'SEND',
  }),
  protocolCounter: (companyId: string, day: string) => ({
    pk: `${base(companyId)}COUNTER#PROTOCOL`,
    sk: day,
  }),
  chatState: (companyId: string, employeeId: string) => ({
    pk: `${base(companyId)}CHAT_STATE#${employeeId}`,
    sk: 'STATE',
  }),
};
