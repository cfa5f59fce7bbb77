import type { AppName } from '@atende/shared/domain/apps';

/**
 * Keys of the installed apps:
 * - the installation: `C#<cid>#APPS#` / `APP#<name>` (one Query lists a company's apps; one per app);
 * - a global pointer `APP#<installationId>` / `POINTER` holding only the company id and app name: the shop's
 *   webhooks arrive with nothing but the installation id in their URL, and this is how it fixes the company;
 * - CRM links `C#<cid>#APPS#<installationId>#LINK` / `<kind>#<localId>`: which CRM record mirrors a contact.
 *   Keyed by installation, so a reinstall against another CRM account starts with no stale links.
 * - polled CRMs `CRMPOLL#` / `APP#<installationId>` holding the company id, app name and the poll's high-water
 *   marks (`mark` for changed persons, `deleted_mark` for deleted ones): one Query lists the installations the
 *   schedule reads changes from (written with the installation, deleted with it; installations older than these
 *   entries got theirs from the migration in crm/poll-backfill.ts).
 * - used OAuth states `C#<cid>#APPS#` / `OAUTH#<nonce>`: a state is accepted once (swept by the table's TTL).
 */
export const appKeys = {
  item: (companyId: string, name: AppName) => ({ pk: `C#${companyId}#APPS#`, sk: `APP#${name}` }),
  list: (companyId: string) => `C#${companyId}#APPS#`,
  itemPrefix: 'APP#',
  oauthState: (companyId: string, nonce: string) => ({ pk: `C#${companyId}#APPS#`, sk: `OAUTH#${nonce}` }),
  pointer: (installationId: string) => ({ pk: `APP#${installationId}`, sk: 'POINTER' }),
  pollList: 'CRMPOLL#',
  poll: (installationId: string) => ({ pk: 'CRMPOLL#', sk: `APP#${installationId}` }),
  link: (companyId: string, installationId: string, kind: string, localId: string) => ({
    pk: `C#${companyId}#APPS#${installationId}#LINK`,
    sk: `${kind}#${localId}`,
  }),
  remoteLink: (companyId: string, installationId: string, kind: string, remoteId: string) => ({
    pk: `C#${companyId}#APPS#${installationId}#REMOTE`,
    sk: `${kind}#${remoteId}`,
  }),
};
