// The design system in a real browser: themes (light, dark, system; stored, applied before the
// app's script runs, following the system live), the mobile drawer and its focus, the skip link,
// `lang`, landmarks and labelled icon buttons, and the primitives' behaviour on /design. The
// screenshots of every page are in design-screenshots.test.ts.
import { join } from 'node:path';
import t from 'tap';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { screenshots, setupBrowser } from './setup.js';

/** A screenshot with transitions finished, so a hover or an opening menu is not caught halfway. */
const shot = (page: Page, file: string) =>
  page.screenshot({ path: join(screenshots, file), animations: 'disabled' });

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 812 };

/** An OpenAI key and model, as if set on the settings page, and a chosen UI language. */
async function prepare(context: BrowserContext, locale: 'en' | 'zh') {
  await context.addInitScript((locale) => {
    if (localStorage.getItem('manifold:provider-settings')) return;
    localStorage.setItem(
      'manifold:provider-settings',
      JSON.stringify({ openai: { vault: { apiKey: 'sk-test' } } }),
    );
    localStorage.setItem('manifold:active-provider', 'openai');
    localStorage.setItem('manifold:active-model', 'gpt-4o-mini');
    localStorage.setItem('manifold:locale', locale);
  }, locale);
}

const htmlState = (page: Page) =>
  page.evaluate(() => ({
    dark: document.documentElement.classList.contains('dark'),
    lang: document.documentElement.lang,
    scheme: document.documentElement.style.colorScheme,
  }));

/** The accessible-name check of every visible button: an icon button without a label fails. */
const unnamedButtons = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('button, [role="button"], a[href]')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => {
        const labelled = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
        return !labelled && !(el.textContent ?? '').trim();
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );

/** Wider than the viewport: something overflows sideways. */
const overflowX = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

// Four browsers one after the other: more than tap's default minute on a loaded machine.
t.setTimeout(180_000);

/** Radix gives focus back in a close handler that can run a frame after the layer is gone: wait up to 2 s. */
async function becomesFocused(locator: Locator): Promise<boolean> {
  const until = Date.now() + 2_000;
  for (;;) {
    if (await locator.evaluate((el) => el === document.activeElement)) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

t.test(
  'themes: chosen in the header, stored, applied before the app runs, system live',
  async (t) => {
    const { url, browser } = await setupBrowser(t);
    const context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(url);
    t.same(await htmlState(page), { dark: false, lang: 'en', scheme: 'light' }, 'light by default');

    const themeButton = page.getByRole('button', { name: /^Theme:/ });
    t.equal(await themeButton.getAttribute('aria-label'), 'Theme: System', 'system is the default');
    await themeButton.click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    t.same(await htmlState(page), { dark: true, lang: 'en', scheme: 'dark' }, 'dark applied');
    t.equal(await page.evaluate(() => localStorage.getItem('manifold:theme')), 'dark', 'stored');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    t.notMatch(background, /^rgb\(25[0-5]/, `the page is dark (${background})`);

    await page.reload();
    t.ok((await htmlState(page)).dark, 'dark survives a reload');
    // Without the app's script, the inline one in index.html still sets the theme: no light flash.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    t.ok((await htmlState(page)).dark, 'dark is applied before the bundle runs');
    await page.unroute('**/assets/*.js');
    await page.reload();

    await page.getByRole('button', { name: /^Theme:/ }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    t.notOk((await htmlState(page)).dark, 'system: light while the system is light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    t.pass('system: dark as soon as the system turns dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    t.pass('and light again, live');

    await page.getByRole('button', { name: /^Theme:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    t.notOk((await htmlState(page)).dark, 'a fixed light theme ignores the system');
    t.same(pageErrors, [], 'no page errors');
  },
);

t.test('shell: skip link, landmarks, active link, lang, labelled buttons', async (t) => {
  const { url, browser } = await setupBrowser(t);
  const context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(url);
  await page.locator('button[name="model-picker"]').waitFor();

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  t.ok(
    await skip.evaluate((el) => el === document.activeElement),
    'the first Tab stop is the skip link',
  );
  t.ok(await skip.isVisible(), 'which shows when focused');
  await page.keyboard.press('Enter');
  t.equal(await page.evaluate(() => document.activeElement?.id), 'main', 'Enter focuses main');

  t.equal(await page.getByRole('banner').count(), 1, 'one header');
  t.equal(await page.getByRole('main').count(), 1, 'one main');
  t.equal(await page.getByRole('navigation').count(), 1, 'one navigation');
  t.equal(
    await page.getByRole('complementary', { name: 'Conversations' }).count(),
    1,
    'the conversation list is an aside',
  );
  t.equal(await page.getByRole('link', { name: 'Chat' }).getAttribute('aria-current'), 'page');
  t.equal(
    await page.getByRole('link', { name: 'Settings', exact: true }).getAttribute('aria-current'),
    null,
  );
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  t.equal(
    await page.getByRole('link', { name: 'Settings', exact: true }).getAttribute('aria-current'),
    'page',
    'the current page is marked',
  );
  t.equal(await page.getByRole('link', { name: 'Chat' }).getAttribute('aria-current'), null);
  t.same(await unnamedButtons(page), [], 'every button and link on settings has a name');
  await page.getByRole('link', { name: 'Chat' }).click();
  t.same(await unnamedButtons(page), [], 'every button and link on the chat has a name');

  t.equal((await htmlState(page)).lang, 'en');
  await page.locator('select[name="locale"]').selectOption('zh');
  t.equal((await htmlState(page)).lang, 'zh-CN', 'lang follows the language');
  t.equal(await page.getByRole('link', { name: '设置', exact: true }).count(), 1);
  await page.reload();
  t.equal((await htmlState(page)).lang, 'zh-CN', 'and is set again on load');
  await page.locator('select[name="locale"]').selectOption('en');
  t.equal((await htmlState(page)).lang, 'en');
});

t.test('mobile: the conversation list is a drawer with focus management', async (t) => {
  const { fake, url, browser } = await setupBrowser(t);
  const context = await browser.newContext({ locale: 'en-US', viewport: MOBILE });
  await prepare(context, 'en');
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(url);
  fake.reply({ kind: 'chunks', chunks: textChunks(['Hi there.']) });
  await page.locator('textarea[name="message"]').fill('First chat');
  await page.locator('textarea[name="message"]').press('Enter');
  await page.locator('.message.assistant .stats').waitFor();

  t.equal(await page.getByRole('complementary').count(), 0, 'no sidebar on a phone');
  t.ok((await overflowX(page)) <= 0, 'nothing overflows sideways at 375 px');
  const menu = page.getByRole('button', { name: 'Open conversations' });
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Conversations' });
  await drawer.waitFor();
  t.ok(
    await drawer.evaluate((el) => el.contains(document.activeElement)),
    'focus moves into the drawer',
  );
  t.match(await drawer.locator('.conversations li.active').innerText(), /First chat/);
  await shot(page, 'design-drawer-375.png');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
  t.ok(await becomesFocused(menu), 'focus returns to the button');

  await menu.click();
  await drawer.getByRole('button', { name: 'New chat' }).click();
  await drawer.waitFor({ state: 'detached' });
  t.equal(await page.locator('.message').count(), 0, 'New chat opens an empty chat and closes');
  await menu.click();
  await drawer.locator('.conversations button.conversation').first().click();
  await drawer.waitFor({ state: 'detached' });
  t.equal(await page.locator('.message.user').count(), 1, 'picking a conversation opens it');

  await page.setViewportSize(DESKTOP);
  await page.getByRole('complementary', { name: 'Conversations' }).waitFor();
  t.pass('wide again: the sidebar is back');
  t.notOk(await menu.isVisible(), 'and the drawer button is gone');
});

t.test('primitives: dialog focus, confirm then undo, menu and popover by keyboard', async (t) => {
  const { url, browser } = await setupBrowser(t);
  const context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${url}/design`);
  await page.getByRole('heading', { name: 'Design system' }).waitFor();
  await shot(page, 'design-gallery-light-1280.png');

  // Dialog: focus moves in, stays in on Tab, Escape closes and gives it back to the trigger.
  const open = page.getByRole('button', { name: 'Open dialog' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Rename' });
  await dialog.waitFor();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    t.ok(
      await dialog.evaluate((el) => el.contains(document.activeElement)),
      `Tab ${i + 1} stays in the dialog`,
    );
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  t.ok(await becomesFocused(open), 'focus back on the trigger');

  // ConfirmDialog, then the toast's Undo brings the item back.
  const items = page.locator('output.gallery-items');
  t.equal(await items.innerText(), 'Draft A, Draft B');
  await page.getByRole('button', { name: 'Delete first' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Draft A”?' });
  await confirm.waitFor();
  await shot(page, 'design-gallery-confirm-light-1280.png');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  t.equal(await items.innerText(), 'Draft B', 'confirmed: deleted');
  const toast = page.getByRole('status').filter({ hasText: 'Deleted “Draft A”' });
  await toast.waitFor();
  await shot(page, 'design-gallery-toast-light-1280.png');
  await page.getByRole('button', { name: 'Undo' }).click();
  t.equal(await items.innerText(), 'Draft A, Draft B', 'Undo restores it');
  await toast.waitFor({ state: 'detached' });

  // DropdownMenu from the keyboard: Enter opens, arrows move, Enter picks.
  await page.mouse.move(0, 0); // a pointer resting over the menu would highlight its item
  await page.getByRole('button', { name: 'Open menu' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor();
  // Opened by the keyboard, the first item (not the label) takes the focus; arrows move, Enter picks.
  const focusedItem = () => page.evaluate(() => document.activeElement?.textContent);
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
  t.equal(await focusedItem(), 'Copy', 'the first item has the focus');
  await page.keyboard.press('ArrowDown');
  // Radix moves the focus in the next frame.
  await page.waitForFunction(() => document.activeElement?.textContent === 'Switch');
  t.equal(await focusedItem(), 'Switch', 'ArrowDown moves to the next');
  await page.keyboard.press('ArrowUp');
  await page.waitForFunction(() => document.activeElement?.textContent === 'Copy');
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  t.equal(await page.locator('output.gallery-menu-choice').innerText(), 'copy', 'picked by keys');

  // Popover: opens on click, Escape closes it.
  await page.getByRole('button', { name: 'Open popover' }).click();
  const popover = page.getByRole('dialog', { name: 'Popover example' });
  await popover.waitFor();
  await page.keyboard.press('Escape');
  await popover.waitFor({ state: 'detached' });
  t.pass('the popover opens and closes');

  // A tooltip on keyboard focus.
  await page.getByRole('button', { name: 'Search' }).focus();
  await page.getByRole('tooltip', { name: 'Search' }).waitFor();
  t.pass('an icon button shows its label as a tooltip on focus');

  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await shot(page, 'design-gallery-dark-1280.png');
  t.same(pageErrors, [], 'no page errors');
});
