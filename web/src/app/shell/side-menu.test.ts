import { MENU } from '@atende/shared/routes/menu';
import { describe, expect, it } from 'vitest';
import { selectedMenuKey } from './side-menu.tsx';

describe('side menu selection', () => {
  it('selects the entry with the longest matching path', () => {
    expect(selectedMenuKey(MENU, '/app/home')).toBe('home');
    expect(selectedMenuKey(MENU, '/app/contacts/import')).toBe('contacts.import');
    expect(selectedMenuKey(MENU, '/app/contacts/customers/abc')).toBe('contacts.contacts');
    expect(selectedMenuKey(MENU, '/app/chat/123')).toBe('chat');
    expect(selectedMenuKey(MENU, '/app/unknown')).toBeUndefined();
  });
});
