import type { DepartmentNode } from '@atende/shared/contracts/departments/views';
import { type CompanySettingsDocument, readCompanySettings } from '@atende/shared/contracts/company/settings';
import type { ChatSettings } from '@atende/shared/domain/chat-settings';
import type { CompanyItem } from './store.ts';

/** The company item attribute holding the settings document. */
export const SETTINGS_ATTRIBUTE = 'company_settings';

/** Pure: the company's settings document, defaults for whatever was never saved. */
export const readSettings = (company: CompanyItem): CompanySettingsDocument =>
  readCompanySettings(company[SETTINGS_ATTRIBUTE]);

const labelOf = (departments: readonly DepartmentNode[], id: string | null): string | undefined => {
  const walk = (nodes: readonly DepartmentNode[]): string | undefined => {
    for (const node of nodes) {
      if (node._id === id) return node.label;
      const found = walk(node.sub_departments);
      if (found) return found;
    }
    return undefined;
  };
  return id ? walk(departments) : undefined;
};

/**
 * Pure reader for the conversation engine: the chat settings of spec point 3 (limits, auto close, chatbot
 * forwarding, invalid-response limit, service evaluation) in the domain's shape, departments by label.
 */
export function readChatSettings(company: CompanyItem, departments: readonly DepartmentNode[]): ChatSettings {
  const settings = readSettings(company);
  const { autoClose, chatbotForwarding, invalidResponses, serviceEvaluation, chatLimits } = settings;
  const forwardTo = chatbotForwarding.enabled
    ? labelOf(departments, chatbotForwarding.department)
    : undefined;
  const outcome = invalidResponses.outcome;
  const outcomeLabel = outcome.kind === 'department' ? labelOf(departments, outcome.department) : undefined;
  return {
    ...(chatLimits.maxActiveChatsPerOperator > 0
      ? { maxActiveChatsPerOperator: chatLimits.maxActiveChatsPerOperator }
      : {}),
    ...(autoClose.attendant.enabled ? { autoCloseHours: autoClose.attendant.hours } : {}),
    chatbotAutoClose: {
      enabled: autoClose.chatbot.enabled,
      ...(autoClose.chatbot.enabled ? { hours: autoClose.chatbot.hours } : {}),
      ...(forwardTo ? { forwardToDepartment: forwardTo } : {}),
    },
    ...(invalidResponses.enabled
      ? {
          invalidResponse: {
            limit: invalidResponses.limit,
            outcome:
              outcome.kind === 'department'
                ? outcomeLabel
                  ? { kind: 'department', department: outcomeLabel }
                  : { kind: 'queue' }
                : outcome,
          },
        }
      : {}),
    serviceEvaluation: {
      enabled: serviceEvaluation.enabled,
      ...(serviceEvaluation.enabled ? { expiryMinutes: serviceEvaluation.expiryMinutes } : {}),
      flowByGrade: Object.fromEntries(
        Object.entries(serviceEvaluation.flowByGrade).filter(([, flow]) => flow !== undefined),
      ) as Record<string, string>,
    },
  };
}

/**
 * The settings with every reference to the given departments dropped (forwarding off, invalid-response
 * outcome back to the queue), or undefined when none pointed at them.
 */
export function settingsWithoutDepartments(
  settings: CompanySettingsDocument,
  departmentIds: readonly string[],
): CompanySettingsDocument | undefined {
  const gone = new Set(departmentIds);
  const forwarding = settings.chatbotForwarding.department;
  const outcome = settings.invalidResponses.outcome;
  const forwardingGone = forwarding !== null && gone.has(forwarding);
  const outcomeGone = outcome.kind === 'department' && gone.has(outcome.department);
  if (!forwardingGone && !outcomeGone) return undefined;
  return {
    ...settings,
    ...(forwardingGone ? { chatbotForwarding: { enabled: false, department: null } } : {}),
    ...(outcomeGone
      ? { invalidResponses: { ...settings.invalidResponses, outcome: { kind: 'queue' } } }
      : {}),
  };
}
