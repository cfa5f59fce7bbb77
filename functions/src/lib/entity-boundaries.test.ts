import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The declared entities (customer record, conversation, message, employee) are keyed only by their declarations:
 * their key strings and index names appear nowhere else in functions/src, and the customer record is written only
 * by its owner, contacts. Test files are exempt (they check stored items by their raw keys).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sources(root).map((file) => ({ path: relative(root, file), text: readFileSync(file, 'utf8') }));

const DECLARATIONS = ['contacts/entities.ts', 'conversations/entities.ts', 'auth/entities.ts'];

/** Key segments of the declared entities: building one of these by hand re-declares the entity. */
const ENTITY_KEY_SEGMENTS = [
  /#CUSTOMER#/,
  /#IDENTITY#/,
  /#CONV#/,
  /#MESSAGE#/,
  /#EMPLOYEE#/,
  /#EMPLOYEES\b/,
  /#EMPLOYEE_NAMES\b/,
  /#EMPLOYEE_EMAILS\b/,
  /#INBOX#/,
  /#CONVERSATIONS\b/,
  /OPEN_CONVERSATIONS#/,
  /#CONTACTS\b/,
  /#CWALLET#/,
];

/**
 * Stores still naming physical indexes by hand (not declared entities yet): this list may only shrink. Each
 * of them queries items of its own domain, none of the declared entities.
 */
const RAW_INDEX_NAMES_LEFT = [
  'analytics/conversations.ts',
  'analytics/recent.ts',
  'analytics/service.ts',
  'audit/store.ts',
  'auth/session-store.ts',
  'campaigns/jobs.ts',
  'campaigns/pauses.ts',
  'campaigns/store.ts',
  'channels/whatsapp-session/store.ts',
  'flows/wait-resume.ts',
  'pipelines/activity-store.ts',
  'pipelines/deal-store.ts',
  'pipelines/reminders.ts',
  'realtime/store.ts',
  'realtime/sequence-store.ts',
  'smart-tags/schedule.ts',
];

/** A physical index named in code: `IndexName: '…'` or a quoted 'gsiN'. */
const RAW_INDEX = /IndexName:\s*['"`]|['"`]gsi\d['"`]/;

describe('declared entities are keyed only by their declarations', () => {
  it('finds the declarations (the checker is not vacuous)', () => {
    for (const declaration of DECLARATIONS) {
      const file = files.find((candidate) => candidate.path === declaration);
      expect(file?.text).toMatch(/defineEntity\(/);
    }
    expect(files.filter((file) => RAW_INDEX.test(file.text)).length).toBeGreaterThan(3);
  });

  it('no key of a declared entity is built outside its declaration', () => {
    const offenders = files
      .filter((file) => !DECLARATIONS.includes(file.path))
      .flatMap((file) =>
        ENTITY_KEY_SEGMENTS.filter((segment) =>
          file.text.split('\n').some((line) => segment.test(line) && !/^\s*(\/?\*|\/\/)/.test(line)),
        ).map((segment) => `${file.path}: ${segment.source}`),
      );
    expect(offenders).toEqual([]);
  });

  it('no physical index is named outside the data layer, the declarations and the shrinking list', () => {
    const allowed = new Set([
      ...DECLARATIONS,
      'lib/dynamo/entity.ts',
      'lib/dynamo/fill-page.ts',
      ...RAW_INDEX_NAMES_LEFT,
    ]);
    expect(
      files.filter((file) => RAW_INDEX.test(file.text) && !allowed.has(file.path)).map((file) => file.path),
    ).toEqual([]);
    // A migrated store leaves the list.
    expect(
      RAW_INDEX_NAMES_LEFT.filter(
        (path) => !RAW_INDEX.test(files.find((file) => file.path === path)?.text ?? ''),
      ),
    ).toEqual([]);
  });

  it('the customer record is written only by contacts, its owner', () => {
    const writes = new RegExp(
      [
        String.raw`\b(customerEntity|customerIdentityEntity)\.(put|update|delete|transact)\b`,
        // A raw write (or condition check) on a customer key the declaration built.
        String.raw`(Update|Put|Delete|ConditionCheck)\s*:\s*\{[^}]*?(customerEntity|customerIdentityEntity)\.key\(`,
        String.raw`new (Update|Put|Delete)Command\(\{[^}]*?(customerEntity|customerIdentityEntity)\.key\(`,
      ].join('|'),
    );
    expect(
      files
        .filter((file) => writes.test(file.text) && !file.path.startsWith('contacts/'))
        .map((file) => file.path),
    ).toEqual([]);
    // The inbox reaches it through contacts' find-or-create and named writes, not a store of its own.
    expect(files.some((file) => file.path.startsWith('customers/') && file.path.endsWith('store.ts'))).toBe(
      false,
    );
  });
});
