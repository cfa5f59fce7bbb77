/** Lowercase, accentless, single-spaced: how names are indexed and searched ("João" and "joao" meet). */
export const foldText = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9@.+\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** At most this many words of a name are indexed: enough for any real name, bounded for the transaction. */
export const MAX_NAME_TOKENS = 6;

export const nameTokens = (name: string): string[] =>
  [...new Set(foldText(name).split(' ').filter(Boolean))].slice(0, MAX_NAME_TOKENS);

/** The sort key that orders a contact by name, unique by id. */
export const sortName = (name: string, id: string): string => `${foldText(name).slice(0, 80)}#${id}`;
