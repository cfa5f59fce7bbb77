import { VARIABLE_REFERENCE } from '../contracts/flows/graph.ts';
import { isKnownVariable } from './flow-graph.ts';

const NO_FLOW_VARIABLES: ReadonlySet<string> = new Set();

/**
 * The `{{references}}` of an operator's (or a campaign's) message that nothing resolves: not a default variable,
 * a company variable, a contact field or a custom field. They would reach the customer as typed, so the
 * composer names them before sending. Each appears once, in the order typed.
 */
export function unknownVariables(
  text: string,
  known: { companyVariables: readonly string[]; customFields: readonly string[] },
): string[] {
  const ctx = { ...known, departments: [], employees: [], flows: [] };
  const found = [...text.matchAll(VARIABLE_REFERENCE)].map((match) => match[1] ?? '');
  return [...new Set(found)].filter((reference) => !isKnownVariable(reference, NO_FLOW_VARIABLES, ctx));
}
