import { APP_ROUTES } from '@atende/shared/routes/app-routes';
import { describe, expect, it } from 'vitest';
import { SHELL_PAGES } from './pages.ts';
import { PLACEHOLDER_SCREEN, screenName } from './screen-name.ts';

describe('screen names of the route catalogue', () => {
  it('gives routes that render the same page one name, and routes without a page the placeholder', () => {
    expect(screenName('/app/chat/:customer_id?/:queue_destination?')).toBe('ChatPage');
    expect(screenName('/app/v2/chat')).toBe('ChatPage');
    expect(screenName('/app/contacts')).toBe(screenName('/app/contacts/customers/*'));
    expect(screenName('/app/contacts/tags')).toBe('TagsPage');
    const unbuilt = APP_ROUTES.find((route) => route.shell && !route.redirectTo && !SHELL_PAGES[route.path]);
    if (unbuilt) expect(screenName(unbuilt.path)).toBe(PLACEHOLDER_SCREEN);
  });

  it('names every page of the catalogue', () => {
    for (const path of Object.keys(SHELL_PAGES)) expect(screenName(path)).not.toBe('');
  });
});
