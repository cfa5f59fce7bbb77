import { VARIABLE_REFERENCE } from '../contracts/flows/graph.ts';

/**
 * Replaces each `{{key}}` the lookup knows with its value; unknown ones stay as typed, so a missing value is
 * visible rather than silently blank.
 */
export function fillVariables(text: string, lookup: (key: string) => string | undefined): string {
  return text.replace(VARIABLE_REFERENCE, (whole, key: string) => lookup(key) ?? whole);
}
