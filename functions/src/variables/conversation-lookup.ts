import { readCompanySettings } from '@atende/shared/contracts/company/settings';
import { SETTINGS_ATTRIBUTE } from '../company/settings-reader.ts';
import type { CompanyItem } from '../company/store.ts';
import { readContact } from '../contacts/store.ts';
import type { ConversationRecord } from '../conversations/records.ts';
import { variableLookup } from '../flows/runtime/variables.ts';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { variableCatalogue } from './service.ts';

/**
 * The `{{...}}` lookup of one conversation: the company's defaults and variables, the contact's fields and
 * custom fields, and who writes (the bot's flow name, or the operator). Bot turns and operator messages
 * resolve through the same lookup.
 */
export async function conversationVariables(
  company: CompanyItem,
  conversation: ConversationRecord,
  writer: { chatbotName: string; employee?: { name: string; email: string } },
) {
  const settings = readCompanySettings(company[SETTINGS_ATTRIBUTE]);
  const [contact, variables] = await Promise.all([
    readContact(conversation.company, conversation.customer._id),
    listCatalogue(variableCatalogue, conversation.company),
  ]);
  const lookup = variableLookup({
    company,
    settings,
    protocol: conversation.protocol,
    customerName: conversation.customer.full_name,
    contact,
    companyVariables: Object.fromEntries(variables.map((variable) => [variable.key, variable.value ?? ''])),
    chatbotName: writer.chatbotName,
    ...(writer.employee ? { employee: writer.employee } : {}),
  });
  return { settings, contact, lookup };
}
