/**
 * Members of a tag read for a name within it before the name's tokens are read instead. A module of its own so a
 * test can lower it (`vi.mock`) and prove the switch with a few dozen contacts instead of a thousand.
 */
export const TAG_BUDGET = 1000;
