/**
 * Monitoring sink for critical client events (a frame for another company, a lost socket). The accounts API has no
 * /logs/critical route yet, so they go to the console, where the browser's error reporting picks them up.
 */
export function reportCritical(title: string, payload: Record<string, unknown>): void {
  console.error(`[critical] ${title}`, payload);
}
