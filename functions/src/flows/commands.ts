import type { CommandView } from '@atende/shared/contracts/commands/views';
import { flowRuntimePtBR } from '@atende/shared/i18n/pt-BR-flows';
import { foldAnswer } from '@atende/shared/rules/flow-answers';
import { commandCatalogue, defaultCommands } from '../commands/service.ts';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { readSettings } from '../company/settings-reader.ts';
import { companyDepartments } from '../conversations/visibility.ts';
import { searchEmployees } from '../employees/search.ts';
import { perform, sendBotText, type Outbox } from './runtime/outbox.ts';
import { listFlowItems } from './store.ts';

const texts = flowRuntimePtBR;
/** How many employees a #list_employees answer names: a chat message, not a directory. */
const EMPLOYEES_LISTED = 30;

const COMMAND = /^#([A-Za-z0-9_]+)\s*(.*)$/s;

const byName = <T>(items: readonly T[], name: (item: T) => string, wanted: string) =>
  items.find((item) => foldAnswer(name(item)) === foldAnswer(wanted));

async function activeEmployees(companyId: string) {
  const { items } = await searchEmployees(companyId, undefined, undefined, EMPLOYEES_LISTED);
  return items.filter((employee) => !employee.inactive);
}

/**
 * What a command asks of the bot runtime: nothing more (false: not a command; true: answered), or to switch
 * the conversation into a published flow (#go_to_flow), which only the runtime holding the session can do.
 */
export type CommandOutcome = boolean | { goToFlow: string };

/**
 * A customer's `#command` (spec point 3, default commands, and the company's custom ones), when the company has
 * commands on. Answers whether the text was a command (then the bot does not take it as an answer).
 */
export async function runCommand(
  box: Outbox,
  companyId: string,
  text: string | undefined,
): Promise<CommandOutcome> {
  const match = COMMAND.exec(text?.trim() ?? '');
  if (!match || !readSettings(box.company).commands.enabled) return false;
  const [, name = '', argument = ''] = match;
  const commands: CommandView[] = [
    ...defaultCommands(),
    ...(await listCatalogue(commandCatalogue, companyId)),
  ];
  const command = commands.find((candidate) => candidate.command.toLowerCase() === name.toLowerCase());
  const reply = (message: string) => sendBotText(box, message, undefined, ['command']);
  if (!command) {
    await reply(texts.commandNotFound);
    return true;
  }
  const departments = companyDepartments(box.company);
  switch (command.action) {
    case 'reply':
      await reply(command.reply ?? '');
      break;
    case 'list_commands':
      await reply(
        [texts.commandsList, ...commands.map((item) => `#${item.command} - ${item.description}`)].join('\n'),
      );
      break;
    case 'list_departments':
      await reply(
        [texts.departmentsList, ...departments.map((department) => `- ${department.name}`)].join('\n'),
      );
      break;
    case 'list_employees':
      await reply(
        [
          texts.employeesList,
          ...(await activeEmployees(companyId)).map((employee) => `- ${employee.name}`),
        ].join('\n'),
      );
      break;
    case 'list_flows': {
      const { flows } = await listFlowItems(companyId);
      const published = flows.filter((flow) => flow.published_version !== null);
      await reply([texts.flowsList, ...published.map((flow) => `- ${flow.name}`)].join('\n'));
      break;
    }
    case 'go_to_department': {
      const department = byName(departments, (item) => item.name, argument);
      if (!department) await reply(texts.commandNotFound);
      else await perform(box, [{ kind: 'handoff', department: department._id, employee: null }]);
      break;
    }
    case 'go_to_employee': {
      const employee = byName(await activeEmployees(companyId), (item) => item.name, argument);
      if (!employee) await reply(texts.commandNotFound);
      else await perform(box, [{ kind: 'handoff', department: null, employee: employee._id }]);
      break;
    }
    case 'go_to_flow': {
      const { flows } = await listFlowItems(companyId);
      const flow = byName(
        flows.filter((item) => item.published_version !== null),
        (item) => item.name,
        argument,
      );
      if (!flow) await reply(texts.flowNotFound);
      else if (box.conversation.status !== 'bot') await reply(texts.goToFlowUnavailable);
      else return { goToFlow: flow._id };
      break;
    }
    case 'end_call':
      await perform(box, [{ kind: 'end', tabulation: null }]);
      break;
  }
  return true;
}
