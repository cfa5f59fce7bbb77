/** As the server compares tag names: lower case, no accents, single spaces ("Promoção" meets "promocao"). */
export const foldTagName = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9@.+\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The tag names one cell of the tags column holds: separated by commas or semicolons. */
export const splitTagNames = (cell: string): string[] =>
  cell
    .split(/[,;]/)
    .map((name) => name.trim())
    .filter(Boolean);

/** The names the file uses that match no existing tag, once each (first spelling kept), in file order. */
export function unknownTagNames(names: Iterable<string>, existing: readonly { name: string }[]): string[] {
  const seen = new Set(existing.map((tag) => foldTagName(tag.name)));
  const unknown: string[] = [];
  for (const name of names) {
    const folded = foldTagName(name);
    if (folded === '' || seen.has(folded)) continue;
    seen.add(folded);
    unknown.push(name);
  }
  return unknown;
}

/** The name typed in a tag picker can become a new tag: not blank, within 40 characters, not an existing tag. */
export function creatableTagName(search: string, existing: readonly { name: string }[]): string | undefined {
  const name = search.trim();
  if (name === '' || name.length > 40) return undefined;
  return unknownTagNames([name], existing).length > 0 ? name : undefined;
}
