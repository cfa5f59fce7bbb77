import { createCommand } from '@atende/shared/contracts/commands/create-command';
import { deleteCommand } from '@atende/shared/contracts/commands/delete-command';
import { listCommands } from '@atende/shared/contracts/commands/list-commands';
import { updateCommand } from '@atende/shared/contracts/commands/update-command';
import type { commandBody } from '@atende/shared/contracts/commands/views';
import { createCustomField } from '@atende/shared/contracts/custom-fields/create-custom-field';
import { deleteCustomField } from '@atende/shared/contracts/custom-fields/delete-custom-field';
import { listCustomFields } from '@atende/shared/contracts/custom-fields/list-custom-fields';
import { updateCustomField } from '@atende/shared/contracts/custom-fields/update-custom-field';
import type { customFieldBody, customFieldPatch } from '@atende/shared/contracts/custom-fields/views';
import { createQuickMessage } from '@atende/shared/contracts/quick-messages/create-quick-message';
import { deleteQuickMessage } from '@atende/shared/contracts/quick-messages/delete-quick-message';
import { listQuickMessages } from '@atende/shared/contracts/quick-messages/list-quick-messages';
import { updateQuickMessage } from '@atende/shared/contracts/quick-messages/update-quick-message';
import type { quickMessageBody } from '@atende/shared/contracts/quick-messages/views';
import { createTag } from '@atende/shared/contracts/tags/create-tag';
import { deleteTag } from '@atende/shared/contracts/tags/delete-tag';
import { listTags } from '@atende/shared/contracts/tags/list-tags';
import { updateTag } from '@atende/shared/contracts/tags/update-tag';
import type { tagBody } from '@atende/shared/contracts/tags/views';
import { createVariable } from '@atende/shared/contracts/variables/create-variable';
import { deleteVariable } from '@atende/shared/contracts/variables/delete-variable';
import { listVariables } from '@atende/shared/contracts/variables/list-variables';
import { updateVariable } from '@atende/shared/contracts/variables/update-variable';
import type { variableBody } from '@atende/shared/contracts/variables/views';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api/call-route.ts';

export type TagInput = z.input<typeof tagBody>;
export type QuickMessageInput = z.input<typeof quickMessageBody>;
export type VariableInput = z.input<typeof variableBody>;
export type CommandInput = z.input<typeof commandBody>;
export type CustomFieldInput = z.input<typeof customFieldBody>;
export type CustomFieldPatch = z.input<typeof customFieldPatch>;

/** Same keys as the contacts screens use for their tag, variable and custom field choices. */
export const organizingKeys = {
  tags: ['organizing', 'tags'] as const,
  quickMessages: ['organizing', 'quick-messages'] as const,
  variables: ['organizing', 'variables'] as const,
  commands: ['organizing', 'commands'] as const,
  customFields: ['organizing', 'custom-fields'] as const,
};

export const tagsApi = {
  list: () => callRoute(listTags),
  create: (body: TagInput) => callRoute(createTag, { body }),
  update: (id: string, body: Partial<TagInput>) => callRoute(updateTag, { params: { id }, body }),
  remove: (id: string) => callRoute(deleteTag, { params: { id } }),
};

export const quickMessagesApi = {
  list: () => callRoute(listQuickMessages),
  create: (body: QuickMessageInput) => callRoute(createQuickMessage, { body }),
  update: (id: string, body: Partial<QuickMessageInput>) =>
    callRoute(updateQuickMessage, { params: { id }, body }),
  remove: (id: string) => callRoute(deleteQuickMessage, { params: { id } }),
};

export const variablesApi = {
  list: () => callRoute(listVariables),
  create: (body: VariableInput) => callRoute(createVariable, { body }),
  update: (id: string, body: Partial<VariableInput>) => callRoute(updateVariable, { params: { id }, body }),
  remove: (id: string) => callRoute(deleteVariable, { params: { id } }),
};

export const commandsApi = {
  list: () => callRoute(listCommands),
  create: (body: CommandInput) => callRoute(createCommand, { body }),
  update: (id: string, body: Partial<CommandInput>) => callRoute(updateCommand, { params: { id }, body }),
  remove: (id: string) => callRoute(deleteCommand, { params: { id } }),
};

export const customFieldsApi = {
  list: () => callRoute(listCustomFields),
  create: (body: CustomFieldInput) => callRoute(createCustomField, { body }),
  update: (id: string, body: CustomFieldPatch) => callRoute(updateCustomField, { params: { id }, body }),
  remove: (id: string) => callRoute(deleteCustomField, { params: { id } }),
};
