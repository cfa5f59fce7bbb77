import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../src/testing/runtime.ts';
import { launchBrowser } from './browser.ts';
import { notice, openAs } from './pages.ts';

const labels = ptBR.smartTags.screens;
const contactLabels = ptBR.contactsScreens.contacts;

let runtime: TestRuntime;
let browser: Browser;

beforeAll(async () => {
  runtime = await startTestRuntime();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await runtime?.dispose();
});

async function pick(page: Page, select: Locator, option: string, multiple = false): Promise<void> {
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
  // A multiple select stays open after a choice; Escape, taken by its focused input, closes only its list.
  if (multiple) await page.keyboard.press('Escape');
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

/** Saves the open contact drawer; it closes once the API took the contact. */
async function saveContact(page: Page, done: string): Promise<void> {
  const drawer = page.getByTestId('contact-drawer');
  await drawer.getByTestId('contact-form-submit').click();
  await notice(page, done).waitFor();
  await drawer.waitFor({ state: 'hidden' });
}

/** `tag` picks an existing tag; `newTag` creates it from the form (issue 20 item 9) and picks it. */
async function createContact(
  page: Page,
  fullName: string,
  phone: string,
  tag?: string,
  newTag?: string,
): Promise<void> {
  await page.goto(`${runtime.url}/app/contacts`);
  await page.getByRole('button', { name: contactLabels.newContact }).click();
  const drawer = page.getByTestId('contact-drawer');
  await drawer.getByText(contactLabels.createTitle).waitFor();
  await drawer.getByTestId('contact-form-full_name').fill(fullName);
  await drawer.getByTestId('contact-form-cel_phone').fill(phone);
  if (tag) await pick(page, drawer.getByTestId('contact-form-tags'), tag, true);
  if (newTag) {
    const select = drawer.getByTestId('contact-form-tags');
    await select.click();
    await select.locator('input').fill(newTag);
    await page.getByTestId('contact-form-create-tag').click();
    await select.locator('.ant-select-selection-item').filter({ hasText: newTag }).waitFor();
  }
  await saveContact(page, contactLabels.created);
  await page.getByTestId('contact-row').filter({ hasText: fullName }).waitFor();
}

/** Opens the contact named `fullName` in the drawer, lets `change` edit it, and saves. */
async function editContact(page: Page, fullName: string, change: (drawer: Locator) => Promise<void>) {
  await page.goto(`${runtime.url}/app/contacts`);
  await page.getByTestId('contact-row').filter({ hasText: fullName }).getByTestId('contact-edit').click();
  const drawer = page.getByTestId('contact-drawer');
  await drawer.getByText(contactLabels.editTitle).waitFor();
  await change(drawer);
  await saveContact(page, contactLabels.updated);
}

const rename = (to: string) => async (drawer: Locator) => {
  await drawer.getByTestId('contact-form-full_name').fill(to);
};

/** The smart tag's page with its members as of now (a fresh load, as after coming back to it). */
async function openSmartTag(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-testid="smart-tag-status"][data-status="ready"]').waitFor({ timeout: 30_000 });
  await page.getByTestId('smart-tag-members').locator('.ant-spin-spinning').waitFor({ state: 'detached' });
}

const memberNames = (page: Page) =>
  page.getByTestId('smart-tag-members').getByTestId('smart-tag-member').allInnerTexts();

describe('smart tags', () => {
  it('builds a rule in the UI, lists the contacts it matches, and follows contacts edited in and out of it', async () => {
    const admin = await openAs(browser, runtime, 'admin');
    await createContact(admin, 'Carla Silva Mendes', '11987650001');
    await createContact(admin, 'Bruno Rocha', '11987650002');

    await admin.goto(`${runtime.url}/app/contacts/smart-tags`);
    await admin.getByRole('button', { name: labels.newSmartTag }).click();
    await admin.waitForURL(/\/app\/contacts\/smart-tags\/create$/);
    const form = admin.getByTestId('smart-tag-form');
    await form.getByTestId('smart-tag-form-name').fill('Família Silva');
    const condition = form.getByTestId('smart-tag-condition');
    await expect(condition.count()).resolves.toBe(1);
    await expect(condition.getByTestId('smart-tag-condition-field').innerText()).resolves.toContain(
      ptBR.smartTags.fields.full_name,
    );
    await pick(
      admin,
      condition.getByTestId('smart-tag-condition-operator'),
      ptBR.smartTags.operators.contains,
    );
    await condition.getByTestId('smart-tag-condition-value').fill('Silva');

    await form.getByRole('button', { name: labels.preview }).click();
    await expect(form.getByTestId('smart-tag-preview-result').innerText()).resolves.toBe(
      interpolate(labels.previewResult, { matched: 1 }),
    );

    await form.getByTestId('smart-tag-save').click();
    await notice(admin, labels.created).waitFor();
    await admin.waitForURL(/\/app\/contacts\/smart-tags\/[0-9a-f]{24}$/);
    const tagUrl = admin.url();

    // The first run happens in the background; the page polls until the members are known.
    await admin.locator('[data-testid="smart-tag-status"][data-status="ready"]').waitFor({ timeout: 30_000 });
    await expect(admin.getByTestId('smart-tag-status').innerText()).resolves.toBe(
      ptBR.smartTags.statuses.ready,
    );
    const members = admin.getByTestId('smart-tag-members').getByTestId('smart-tag-member');
    await members.filter({ hasText: 'Carla Silva Mendes' }).waitFor();
    await expect(memberNames(admin)).resolves.toHaveLength(1);
    await expect(admin.getByTestId('smart-tag-members-count').innerText()).resolves.toBe('1');

    // Carla leaves the family name behind: she leaves the smart tag.
    await editContact(admin, 'Carla Silva Mendes', rename('Carla Mendes'));
    await openSmartTag(admin, tagUrl);
    await expect(admin.getByTestId('smart-tag-members-count').innerText()).resolves.toBe('0');
    await admin.getByTestId('smart-tag-members').getByText(labels.noMembers).waitFor();
    await expect(memberNames(admin)).resolves.toHaveLength(0);

    // Bruno takes it: he joins.
    await editContact(admin, 'Bruno Rocha', rename('Bruno Rocha da Silva'));
    await openSmartTag(admin, tagUrl);
    await members.filter({ hasText: 'Bruno Rocha da Silva' }).waitFor();
    await expect(admin.getByTestId('smart-tag-members-count').innerText()).resolves.toBe('1');
    await expect(memberNames(admin)).resolves.toHaveLength(1);

    // The contacts list narrows to the smart tag's members.
    await admin.goto(`${runtime.url}/app/contacts`);
    await admin.getByTestId('contact-row').filter({ hasText: 'Carla Mendes' }).waitFor();
    await pick(admin, admin.getByTestId('contacts-smart-tag-filter'), 'Família Silva');
    await admin.getByTestId('contact-row').filter({ hasText: 'Carla Mendes' }).waitFor({ state: 'detached' });
    await expect(admin.getByTestId('contact-row').allInnerTexts()).resolves.toEqual([
      expect.stringContaining('Bruno Rocha da Silva'),
    ]);

    await admin.goto(`${runtime.url}/app/contacts/smart-tags`);
    const listed = admin.getByRole('row').filter({ hasText: 'Família Silva' });
    await listed.waitFor();
    await expect(listed.innerText()).resolves.toContain(ptBR.smartTags.statuses.ready);
  });

  it('follows a contact tagged in the contact form in and out of a "tags include" rule', async () => {
    const admin = await openAs(browser, runtime, 'admin');
    // The tag does not exist yet: the contact form creates it.
    await createContact(admin, 'Helena Prado', '11987650003', undefined, 'Atacado');
    await createContact(admin, 'Igor Nunes', '11987650004');

    await admin.goto(`${runtime.url}/app/contacts/smart-tags/create`);
    const form = admin.getByTestId('smart-tag-form');
    await form.getByTestId('smart-tag-form-name').fill('Clientes de atacado');
    const condition = form.getByTestId('smart-tag-condition');
    await pick(admin, condition.getByTestId('smart-tag-condition-field'), ptBR.smartTags.fields.tags);
    await expect(condition.getByTestId('smart-tag-condition-operator').innerText()).resolves.toContain(
      ptBR.smartTags.operators.includes,
    );
    await pick(admin, condition.getByTestId('smart-tag-condition-value'), 'Atacado');
    await form.getByTestId('smart-tag-save').click();
    await notice(admin, labels.created).waitFor();
    await admin.waitForURL(/\/app\/contacts\/smart-tags\/[0-9a-f]{24}$/);
    const tagUrl = admin.url();

    await openSmartTag(admin, tagUrl);
    const members = admin.getByTestId('smart-tag-members').getByTestId('smart-tag-member');
    await members.filter({ hasText: 'Helena Prado' }).waitFor();
    await expect(memberNames(admin)).resolves.toHaveLength(1);

    await editContact(admin, 'Helena Prado', async (drawer) => {
      const chosen = drawer.getByTestId('contact-form-tags').locator('.ant-select-selection-item');
      await chosen.filter({ hasText: 'Atacado' }).locator('.ant-select-selection-item-remove').click();
      await chosen.first().waitFor({ state: 'detached' });
    });
    await openSmartTag(admin, tagUrl);
    await admin.getByTestId('smart-tag-members').getByText(labels.noMembers).waitFor();
    await expect(admin.getByTestId('smart-tag-members-count').innerText()).resolves.toBe('0');

    // A contact tagged in another tab shows up on the open page, with no reload (the socket says so).
    const otherTab = await admin.context().newPage();
    await createContact(otherTab, 'Joana Lima', '11987650005', 'Atacado');
    await otherTab.close();
    await members.filter({ hasText: 'Joana Lima' }).waitFor({ timeout: 15_000 });
    await expect(admin.getByTestId('smart-tag-members-count').innerText()).resolves.toBe('1');
    await expect(memberNames(admin)).resolves.toHaveLength(1);
  });
});
