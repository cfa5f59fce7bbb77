import type { FlowGraph } from '@atende/shared/contracts/flows/graph';
import type { FlowValidationContext } from '@atende/shared/rules/flow-graph';
import { listAssistantRecords } from '../ai/assistants.ts';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { readCompanyItem } from '../company/store.ts';
import { customFieldCatalogue } from '../custom-fields/catalogue.ts';
import { flatten, readTree } from '../departments/tree.ts';
import { existingEmployeeIds } from '../employees/store.ts';
import { variableCatalogue } from '../variables/service.ts';
import { listFlowItems } from './store.ts';

/** What a graph's references may point at in the company, read for a publish-time check. */
export async function validationContext(companyId: string, graph: FlowGraph): Promise<FlowValidationContext> {
  const employeeIds = graph.nodes.flatMap((node) =>
    node.type === 'handoff' && node.data.employee ? [node.data.employee] : [],
  );
  const usesAssistants = graph.nodes.some((node) => node.type === 'ai_assistant');
  const [company, variables, customFields, employees, { flows }, assistants] = await Promise.all([
    readCompanyItem(companyId),
    listCatalogue(variableCatalogue, companyId),
    listCatalogue(customFieldCatalogue, companyId),
    existingEmployeeIds(companyId, employeeIds),
    listFlowItems(companyId),
    usesAssistants ? listAssistantRecords(companyId) : [],
  ]);
  return {
    companyVariables: variables.map((variable) => variable.key),
    customFields: customFields.map((field) => field.key),
    departments: flatten(readTree(company.departments)).map((node) => node._id),
    employees: [...employees],
    flows: flows.filter((flow) => flow.published_version !== null).map((flow) => flow._id),
    assistants: assistants.map((assistant) => assistant._id),
  };
}
