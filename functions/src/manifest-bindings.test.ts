import { ROUTES } from '@atende/shared/contracts/manifest';
import { DOMAINS, type DomainName } from '@atende/shared/contracts/types';
import { describe, expect, it } from 'vitest';

/** The ids a domain's Lambda binds, read from the handler module the manifest names for it. */
async function boundBy(domain: DomainName): Promise<string[]> {
  const ref = DOMAINS[domain].handler;
  const module = (await import(`./${ref.module}.ts`)) as Record<string, unknown>;
  const handler = module[ref.export] as { boundRouteIds?: unknown } | undefined;
  const ids = handler?.boundRouteIds;
  if (!Array.isArray(ids)) throw new Error(`${ref.module}.${ref.export} is not built by createHttpHandler`);
  return ids.map(String);
}

describe('the route manifest and the domain handlers', () => {
  const domains = [...new Set(ROUTES.map((route) => route.domain))];

  it.each(domains)(
    "every manifest route of '%s' is bound by that domain's handler, and nothing else",
    async (domain) => {
      const expected = ROUTES.filter((route) => route.domain === domain).map((route) => route.id);
      const bound = await boundBy(domain);
      expect(expected.filter((id) => !bound.includes(id))).toEqual([]);
      expect(bound.filter((id) => !expected.includes(id))).toEqual([]);
    },
  );

  it('notices a route its domain does not bind', async () => {
    const bound = await boundBy('tags');
    const foreign = ROUTES.find((route) => route.domain !== 'tags');
    expect(foreign && bound.includes(foreign.id)).toBe(false);
  });
});
