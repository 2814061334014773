// Accounts and sync in real browsers (issue 15) against a gateway with ACCOUNTS=on (embedded
// database, KEY_VAULTS_SECRET set) and the fake OpenAI upstream: sign up in the UI, a conversation
// made in one browser context appears in a second one signed in as the same person, renames and
// deletes travel both ways, provider keys follow the person, sign out leaves the app working as
// without an account, and a first sign-in offers to upload what the browser holds. Screenshots of
// the sign-in page and the account menu at 1280 and 375 px.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { BrowserContext, Page } from 'playwright-core';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { TEST_AUTH_SECRET } from '../helpers/accounts.js';
import { migratedDataDir } from '../helpers/pglite.js';
import { TEST_KEY_VAULTS_SECRET } from '../helpers/sync.js';
import { pickModel } from './pick-model.js';
import { screenshots, setupBrowser } from './setup.js';

t.setTimeout(240_000);

const PASSWORD = 'correct horse battery staple';

async function send(page: Page, text: string): Promise<void> {
  await page.locator('textarea[name="message"]').fill(text);
  await page.locator('textarea[name="message"]').press('Enter');
}

async function replied(page: Page, text: string): Promise<void> {
  const last = page.locator('.message.assistant').last();
  await last.getByText(text).waitFor();
  await last.locator('.reply-actions').waitFor();
}

/** Sync now (the header's indicator) and wait until it says synced. */
async function synced(page: Page): Promise<void> {
  await page.locator('button[name="sync-state"]').click();
  await page.locator('button[name="sync-state"][data-sync="synced"]').waitFor();
}

/** Wait (syncing every half second) until the page's list shows, or no longer shows, a title. */
async function untilListed(page: Page, title: string, listed: boolean): Promise<boolean> {
  const row = page.locator('.conversation-list .conversation', { hasText: title });
  for (let i = 0; i < 40; i++) {
    if ((await row.count()) > 0 === listed) return true;
    await page.locator('button[name="sync-state"]').click();
    await page.waitForTimeout(500);
  }
  return false;
}

async function rename(page: Page, from: string, to: string): Promise<void> {
  const row = page.locator('.conversation-list li', { hasText: from });
  await row.hover();
  await row.locator('.conversation-actions').click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.locator('input[name="conversation-title"]').fill(to);
  await page.locator('input[name="conversation-title"]').press('Enter');
}

async function remove(page: Page, title: string): Promise<void> {
  const row = page.locator('.conversation-list li', { hasText: title });
  await row.hover();
  await row.locator('.conversation-actions').click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
}

async function openAccountMenu(page: Page): Promise<void> {
  await page.locator('button[name="account-menu"]').click();
  await page.locator('.account-menu').waitFor();
}

t.test(
  'accounts: sign up, sync between two browsers, sign out, first-sign-in upload',
  async (t) => {
    const dataDir = await migratedDataDir(t);
    const { fake, url, browser } = await setupBrowser(t, {
      ACCOUNTS: 'on',
      AUTH_SECRET: TEST_AUTH_SECRET,
      KEY_VAULTS_SECRET: TEST_KEY_VAULTS_SECRET,
      DATA_DIR: dataDir,
    });
    const contexts: BrowserContext[] = [];
    const open = async (width = 1280, height = 800) => {
      const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US' });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on('pageerror', (error) => pageErrors.push(error.message));
      return page;
    };
    t.teardown(async () => {
      for (const context of contexts) await context.close().catch(() => undefined);
    });
    const pageErrors: string[] = [];
    const email = `ada-${Date.now()}@example.com`;

    const a = await open();
    await a.goto(url);
    await a.locator('textarea[name="message"]').waitFor();
    t.equal(
      await a.locator('a[data-account="signed-out"]').textContent(),
      'Sign in',
      'signed out with accounts on: the chat works and the header offers Sign in',
    );

    await t.test('the sign-in page, and an error shown', async (t) => {
      await a.locator('a[data-account="signed-out"]').click();
      await a.locator('.sign-in-page form[data-mode="sign-in"]').waitFor();
      await a.screenshot({ path: join(screenshots, 'accounts-sign-in.png') });
      await a.locator('input[name="email"]').fill('nobody@example.com');
      await a.locator('input[name="password"]').fill('wrong password');
      await a.locator('button[name="submit"]').click();
      const error = await a.locator('.auth-error').textContent();
      t.match(error, /^Could not sign in: /, 'a refused sign-in says why');
      const narrow = await open(375, 720);
      await narrow.goto(`${url}/sign-in`);
      await narrow.locator('.sign-in-page').waitFor();
      await narrow.screenshot({ path: join(screenshots, 'accounts-sign-in-375.png') });
      const overflow = await narrow.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      t.equal(overflow, 0, 'no sideways scroll at 375 px');
    });

    await t.test('sign up in the UI', async (t) => {
      await a.getByRole('link', { name: 'Create account' }).click();
      await a.locator('form[data-mode="sign-up"]').waitFor();
      await a.locator('input[name="name"]').fill('Ada Lovelace');
      await a.locator('input[name="email"]').fill(email);
      await a.locator('input[name="password"]').fill(PASSWORD);
      await a.locator('button[name="submit"]').click();
      await a.locator('button[name="account-menu"]').waitFor();
      t.equal(new URL(a.url()).pathname, '/', 'back on the chat');
      await a.locator('button[name="sync-state"][data-sync="synced"]').waitFor();
      t.pass('signed in, and sync says synced');
    });

    const firstTitle = 'Plans for the Analytical Engine';
    let signedInB!: Page;
    await t.test('a conversation made in one browser appears in another', async (t) => {
      await a.goto(`${url}/settings`);
      const card = a.locator('details.provider-card[data-provider="openai"]');
      await card.locator('summary').click();
      await card.locator('input[name="apiKey"]').fill('sk-good');
      await a.getByRole('link', { name: 'Chat' }).click();
      await pickModel(a, 'openai');
      fake.reply({ kind: 'chunks', chunks: textChunks(['Bernoulli ', 'numbers first.']) });
      await send(a, firstTitle);
      await replied(a, 'Bernoulli numbers first.');
      await synced(a);

      const b = await open();
      signedInB = b;
      await b.goto(`${url}/sign-in`);
      await b.locator('input[name="email"]').fill(email);
      await b.locator('input[name="password"]').fill(PASSWORD);
      await b.locator('button[name="submit"]').click();
      await b.locator('button[name="account-menu"]').waitFor();
      t.ok(await untilListed(b, firstTitle, true), 'the second browser lists it');
      await b.locator('.conversation-list .conversation', { hasText: firstTitle }).click();
      await b.locator('.message.user', { hasText: firstTitle }).waitFor();
      await b.locator('.message.assistant', { hasText: 'Bernoulli numbers first.' }).waitFor();
      t.pass('with its question and answer');
      const key = await b.evaluate(
        () =>
          (
            JSON.parse(localStorage.getItem('manifold:provider-settings') ?? '{}') as Record<
              string,
              { vault?: { apiKey?: string } }
            >
          ).openai?.vault?.apiKey,
      );
      t.equal(key, 'sk-good', 'the provider key followed (KEY_VAULTS_SECRET is set)');

      await t.test('renames travel both ways', async (t) => {
        await rename(b, firstTitle, 'Renamed in B');
        await synced(b);
        t.ok(await untilListed(a, 'Renamed in B', true), 'A sees B’s rename');
        await rename(a, 'Renamed in B', 'Renamed in A');
        await synced(a);
        t.ok(await untilListed(b, 'Renamed in A', true), 'B sees A’s rename');
      });

      await t.test('deletes travel both ways', async (t) => {
        await pickModel(b, 'openai');
        await b.locator('button.new-chat').click();
        fake.reply({ kind: 'chunks', chunks: textChunks(['Second ', 'answer.']) });
        await send(b, 'Made in B');
        await replied(b, 'Second answer.');
        await synced(b);
        t.ok(await untilListed(a, 'Made in B', true), 'A sees B’s new conversation');
        await remove(a, 'Made in B');
        await synced(a);
        t.ok(await untilListed(b, 'Made in B', false), 'A’s delete reaches B');
        await remove(b, 'Renamed in A');
        await synced(b);
        t.ok(await untilListed(a, 'Renamed in A', false), 'B’s delete reaches A');
      });
    });

    await t.test('the account menu', async (t) => {
      await openAccountMenu(a);
      t.equal(await a.locator('.account-menu .account-email').textContent(), email, 'the e-mail');
      t.equal(
        await a.locator('.account-menu .account-name').textContent(),
        'Ada Lovelace',
        'the name',
      );
      await a.screenshot({ path: join(screenshots, 'accounts-menu.png'), animations: 'disabled' });
      await a.keyboard.press('Escape');
      await a.setViewportSize({ width: 375, height: 720 });
      await openAccountMenu(a);
      await a.screenshot({
        path: join(screenshots, 'accounts-menu-375.png'),
        animations: 'disabled',
      });
      const overflow = await a.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      t.equal(overflow, 0, 'no sideways scroll at 375 px');
      await a.keyboard.press('Escape');
      await a.setViewportSize({ width: 1280, height: 800 });
    });

    await t.test('API keys: made, shown once, listed, revoked', async (t) => {
      await openAccountMenu(a);
      await a.locator('[data-action="api-keys"]').click();
      await a.locator('.api-keys-page').waitFor();
      await a.locator('input[name="key-name"]').fill('laptop');
      await a.locator('button[name="create-key"]').click();
      const key = await a.locator('.new-key code').textContent();
      t.match(key, /^mk-/, 'the new key is shown');
      await a.locator('.api-key', { hasText: 'laptop' }).waitFor();
      await a.screenshot({
        path: join(screenshots, 'accounts-api-keys.png'),
        animations: 'disabled',
      });
      await a.locator('.api-key button[name="revoke-key"]').click();
      await a.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
      await a.locator('.api-key').waitFor({ state: 'detached' });
      t.pass('revoked');
    });

    await t.test('signed out, the app works as without accounts', async (t) => {
      await a.goto(url);
      await openAccountMenu(a);
      await a.locator('[data-action="sign-out"]').click();
      await a.locator('a[data-account="signed-out"]').waitFor();
      t.equal(await a.locator('button[name="sync-state"]').count(), 0, 'no sync indicator');
      t.equal(
        await a.locator('.conversation-list .conversation').count(),
        0,
        'the account’s conversations left this browser',
      );
      fake.reply({ kind: 'chunks', chunks: textChunks(['Works ', 'signed out.']) });
      await send(a, 'Local question');
      await replied(a, 'Works signed out.');
      t.pass('chat works signed out');
    });

    await t.test('export and import in Settings, signed out and signed in', async (t) => {
      await a.getByRole('link', { name: 'Settings' }).click();
      await a.locator('.data-transfer').scrollIntoViewIfNeeded();
      await a.locator('.data-transfer').screenshot({
        path: join(screenshots, 'accounts-data-transfer.png'),
        animations: 'disabled',
      });
      const [download] = await Promise.all([
        a.waitForEvent('download'),
        a.locator('.data-transfer button[name="export"]').click(),
      ]);
      const file = join(dataDir, 'local-export.json');
      await download.saveAs(file);
      const local = JSON.parse(readFileSync(file, 'utf8')) as {
        format: string;
        conversations: { title: string }[];
        messages: { content: string }[];
      };
      t.equal(local.format, 'manifold-export', 'signed out: built from this browser');
      t.same(
        local.conversations.map((c) => c.title),
        ['Local question'],
      );
      t.same(
        local.messages.map((m) => m.content),
        ['Local question', 'Works signed out.'],
      );
      const c = await open();
      await c.goto(`${url}/settings`);
      await c.locator('.data-transfer input[name="import-file"]').setInputFiles(file);
      t.match(
        await c.locator('.data-transfer .transfer-result').textContent(),
        /Imported: 1 conversations, 2 messages/,
        'imported into another signed-out browser',
      );
      await c.getByRole('link', { name: 'Chat' }).click();
      await c.locator('.conversation-list .conversation', { hasText: 'Local question' }).click();
      await c.locator('.message.assistant', { hasText: 'Works signed out.' }).waitFor();
      t.pass('the imported conversation opens');

      await signedInB.goto(`${url}/settings`);
      const [accountDownload] = await Promise.all([
        signedInB.waitForEvent('download'),
        signedInB.locator('.data-transfer button[name="export"]').click(),
      ]);
      const accountFile = join(dataDir, 'account-export.json');
      await accountDownload.saveAs(accountFile);
      const account = JSON.parse(readFileSync(accountFile, 'utf8')) as {
        format: string;
        user?: { email?: string };
      };
      t.equal(account.format, 'manifold-export');
      t.equal(account.user?.email, email, 'signed in: the account’s export from the server');
    });

    await t.test('first sign-in offers to upload what the browser holds', async (t) => {
      await a.goto(`${url}/sign-in`);
      await a.locator('input[name="email"]').fill(email);
      await a.locator('input[name="password"]').fill(PASSWORD);
      await a.locator('button[name="submit"]').click();
      const offer = a.locator('.import-offer');
      await offer.waitFor();
      t.match(await offer.textContent(), /1 conversations/, 'it counts the local conversations');
      await offer.locator('button[name="upload-local"]').click();
      await a.locator('button[name="sync-state"][data-sync="synced"]').waitFor();
      const b = await open();
      await b.goto(`${url}/sign-in`);
      await b.locator('input[name="email"]').fill(email);
      await b.locator('input[name="password"]').fill(PASSWORD);
      await b.locator('button[name="submit"]').click();
      await b.locator('button[name="account-menu"]').waitFor();
      t.ok(
        await untilListed(b, 'Local question', true),
        'the uploaded conversation is the account’s',
      );
    });

    await t.test('sign out everywhere ends the other browser’s session too', async (t) => {
      await openAccountMenu(a);
      await a.locator('[data-action="sign-out-everywhere"]').click();
      await a.locator('a[data-account="signed-out"]').waitFor();
      // the other browser learns it on its next sync (401): signed out, its copy cleared
      await signedInB.locator('button[name="sync-state"]').click();
      await signedInB.locator('a[data-account="signed-out"]').waitFor();
      t.equal(
        await signedInB.locator('.conversation-list .conversation').count(),
        0,
        'the account’s conversations left that browser too',
      );
    });

    await t.test('delete the account, with the password', async (t) => {
      await a.goto(`${url}/sign-in`);
      await a.locator('input[name="email"]').fill(email);
      await a.locator('input[name="password"]').fill(PASSWORD);
      await a.locator('button[name="submit"]').click();
      await openAccountMenu(a);
      await a.locator('[data-action="delete-account"]').click();
      const dialog = a.locator('.delete-account');
      await dialog.locator('input[name="password"]').fill('not the password');
      await dialog.locator('button[name="confirm-delete"]').click();
      await dialog.locator('.text-danger').waitFor();
      t.pass('a wrong password is refused, and says so');
      await dialog.locator('input[name="password"]').fill(PASSWORD);
      await dialog.locator('button[name="confirm-delete"]').click();
      await a.locator('a[data-account="signed-out"]').waitFor();
      const answer = await a.evaluate(
        async ([address, password]) =>
          (
            await fetch('/api/auth/sign-in/email', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: address, password }),
            })
          ).status,
        [email, PASSWORD] as const,
      );
      t.not(answer, 200, 'the account is gone');
    });

    t.same(pageErrors, [], 'no page errors');
  },
);

t.test('ACCOUNTS=required: the sign-in page comes first', async (t) => {
  const dataDir = await migratedDataDir(t);
  const { url, browser } = await setupBrowser(t, {
    ACCOUNTS: 'required',
    AUTH_SECRET: TEST_AUTH_SECRET,
    DATA_DIR: dataDir,
  });
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
  });
  t.teardown(() => context.close().catch(() => undefined));
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(url);
  await page.locator('.sign-in-page form[data-mode="sign-in"]').waitFor();
  t.equal(await page.locator('textarea[name="message"]').count(), 0, 'no chat before signing in');
  t.equal(await page.locator('.sign-in-page h1').textContent(), '登录 Manifold', 'in Chinese');
  await page.getByRole('link', { name: '注册账号' }).click();
  await page.locator('form[data-mode="sign-up"]').waitFor();
  await page.locator('input[name="email"]').fill('grace@example.com');
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('button[name="submit"]').click();
  await page.locator('textarea[name="message"]').waitFor();
  await page.locator('button[name="account-menu"]').waitFor();
  t.pass('signed up: the chat shows');
});
