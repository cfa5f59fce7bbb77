/**
 * Matching of the web route patterns (react-router style): ':name' required, ':name?' optional, a trailing '*'
 * matches the rest. A literal segment outranks a parameter, so /app/campaign/create is not read as a broadcast id.
 */
export interface PatternMatch {
  params: Record<string, string>;
  /** Literal segments matched; higher is more specific. */
  score: number;
}

const segmentsOf = (path: string): string[] => path.split('/').filter((segment) => segment.length > 0);

export function matchPattern(pattern: string, pathname: string): PatternMatch | undefined {
  const wanted = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  const params: Record<string, string> = {};
  let score = 0;
  let index = 0;
  for (const segment of wanted) {
    const value = actual[index];
    if (segment === '*') {
      params['*'] = actual.slice(index).map(decodeURIComponent).join('/');
      return { params, score };
    }
    if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      if (value === undefined) {
        if (optional) continue;
        return undefined;
      }
      params[name] = decodeURIComponent(value);
      index += 1;
      continue;
    }
    if (value !== segment) return undefined;
    score += 1;
    index += 1;
  }
  return index === actual.length ? { params, score } : undefined;
}

/** The most specific pattern matching the path, with its params. */
export function bestMatch<T extends { path: string }>(
  candidates: readonly T[],
  pathname: string,
): { route: T; params: Record<string, string> } | undefined {
  let best: { route: T; params: Record<string, string>; score: number } | undefined;
  for (const route of candidates) {
    const match = matchPattern(route.path, pathname);
    if (match && (!best || match.score > best.score)) best = { route, ...match };
  }
  return best && { route: best.route, params: best.params };
}
