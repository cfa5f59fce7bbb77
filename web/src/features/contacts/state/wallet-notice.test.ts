import { serverFrame } from '@atende/shared/realtime/server-frame';
import { describe, expect, it } from 'vitest';
import { announcesWalletChange } from './wallet-notice.ts';

const company = 'a'.repeat(24);
const me = 'b'.repeat(24);
const colleague = 'c'.repeat(24);

describe('creating a wallet raises one toast', () => {
  it("skips the live notice for the viewer's own change (their success toast already said it)", () => {
    expect(
      announcesWalletChange(
        serverFrame('refresh-session-wallet', company, { action: 'create_wallet', by: me }),
        me,
      ),
    ).toBe(false);
  });
  it("tells about a colleague's change and about changes with no author (contact counts)", () => {
    expect(
      announcesWalletChange(
        serverFrame('refresh-session-wallet', company, { action: 'create_wallet', by: colleague }),
        me,
      ),
    ).toBe(true);
    expect(
      announcesWalletChange(
        serverFrame('refresh-session-wallet', company, { action: 'update_customers_count' }),
        me,
      ),
    ).toBe(true);
  });
});
