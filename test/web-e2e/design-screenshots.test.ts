// Screenshots of chat (a streamed answer with reasoning, a table and code), settings and images at
// 1280×800 and 375×812, light and dark, English and Chinese, plus the agent panel and the theme
// menu; each view also checks that nothing overflows sideways. Looked at by a person, not diffed.
import { join } from 'node:path';
import t from 'tap';
import type { BrowserContext, Page } from 'playwright-core';
import { chatUsage, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
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

/** Wider than the viewport: something overflows sideways. */
const overflowX = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const ANSWER = [
  '## Three ways to brew\n\n',
  'A **pour-over** gives a clean cup; a *French press* a heavier one.\n\n',
  '| Method | Time | Grind |\n|---|---|---|\n| Pour-over | 3 min | medium |\n| French press | 4 min | coarse |\n\n',
  '```python\n',
  'def ratio(water_g: int) -> float:\n    return water_g / 16\n',
  '```\n\n',
  '1. Heat the water to 94 °C\n2. Rinse the filter\n3. Pour slowly',
];
const ANSWER_ZH = [
  '## 三种冲煮方式\n\n',
  '**手冲**口感干净；*法压壶*更醇厚。\n\n',
  '| 方式 | 时间 | 研磨 |\n|---|---|---|\n| 手冲 | 3 分钟 | 中 |\n| 法压壶 | 4 分钟 | 粗 |\n\n',
  '```python\n',
  'def ratio(water_g: int) -> float:\n    return water_g / 16\n',
  '```\n\n',
  '1. 将水加热到 94 °C\n2. 冲洗滤纸\n3. 缓慢注水',
];

// Two browsers taking 14 screenshots each: more than tap's default minute on a loaded machine.
t.setTimeout(180_000);

for (const locale of ['en', 'zh'] as const) {
  t.test(
    `screenshots (${locale}): chat, settings, images; light and dark; 1280 and 375`,
    async (t) => {
      const { fake, url, browser } = await setupBrowser(t);
      const context = await browser.newContext({
        locale: locale === 'zh' ? 'zh-CN' : 'en-US',
        viewport: DESKTOP,
      });
      await prepare(context, locale);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(url);
      const nav = (name: 'chat' | 'settings' | 'images') =>
        page.locator(`header nav a[href="/${name === 'chat' ? '' : name}"]`).click();

      // An image first (generations live in memory, so the app is not reloaded after this).
      await nav('images');
      await page
        .locator('textarea[name="imagePrompt"]')
        .fill(locale === 'zh' ? '雪地里的一只红狐狸' : 'A red fox in the snow');
      await page.locator('form.image-form button[type="submit"]').click();
      await page.locator('.generation.done img').first().waitFor();

      // A streamed answer with reasoning, Markdown, a table and code.
      await nav('chat');
      fake.reply({
        kind: 'chunks',
        delayMs: 40,
        chunks: textChunks(locale === 'zh' ? ANSWER_ZH : ANSWER, {
          reasoning:
            locale === 'zh' ? ['先比较', '几种方法。'] : ['Compare ', 'the methods first.'],
          usage: chatUsage(42, 128),
        }),
      });
      await page
        .locator('textarea[name="message"]')
        .fill(locale === 'zh' ? '怎么冲一杯好咖啡？' : 'How do I brew good coffee?');
      await page.locator('textarea[name="message"]').press('Enter');
      const reply = page.locator('.message.assistant').last();
      await reply.locator('.markdown table').waitFor();
      await shot(page, `design-chat-streaming-${locale}-light-1280.png`);
      await reply.locator('.stats').waitFor();
      await page.locator('button.agent-settings-toggle').click();
      await page.locator('textarea[name="systemPrompt"]').waitFor();
      await shot(page, `design-agent-settings-${locale}-light-1280.png`);
      await page.locator('button.agent-settings-toggle').click();
      await page.getByRole('button', { name: /^(Theme|主题):/ }).click();
      await page.getByRole('menuitemradio').first().waitFor();
      await shot(page, `design-theme-menu-${locale}-light-1280.png`);
      await page.keyboard.press('Escape');

      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((theme) => {
          localStorage.setItem('manifold:theme', theme);
          document.documentElement.classList.toggle('dark', theme === 'dark');
        }, theme);
        for (const [size, viewport] of [
          ['1280', DESKTOP],
          ['375', MOBILE],
        ] as const) {
          await page.setViewportSize(viewport);
          const name = (view: string) => `design-${view}-${locale}-${theme}-${size}.png`;
          await nav('chat');
          await reply.locator('.stats').waitFor();
          t.ok((await overflowX(page)) <= 0, `chat ${theme} ${size}: no sideways overflow`);
          await shot(page, name('chat'));
          await nav('settings');
          const card = page.locator('details.provider-card[data-provider="openai"]');
          await card.locator('summary').click();
          await card.locator('input[name="apiKey"]').waitFor();
          t.ok((await overflowX(page)) <= 0, `settings ${theme} ${size}: no sideways overflow`);
          await shot(page, name('settings'));
          await nav('images');
          await page.locator('.generation.done img').first().waitFor();
          t.ok((await overflowX(page)) <= 0, `images ${theme} ${size}: no sideways overflow`);
          await shot(page, name('images'));
        }
      }
      t.same(pageErrors, [], 'no page errors');
    },
  );
}
