// The provider settings page in a real browser: order with the buttons (kept after a reload), the
// remote model list from the fake upstream, a custom model in the chat picker, a disabled model
// gone from it, and the connection check (✓ and the translated error).
import { join } from 'node:path';
import t from 'tap';
import type { Page } from 'playwright-core';
import { errorText } from '../../web/src/lib/api-error.js';
import { modelList } from '@manifold/provider-kit/fakes/openai-builders';
import { openaiError } from '@manifold/provider-kit/fakes/openai-errors';
import { screenshots, setupBrowser } from './setup.js';
import { pickModel, pickerModels } from './pick-model.js';

const order = (page: Page) =>
  page
    .locator('li.provider-item')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-provider') ?? ''));

// A browser run: 20–40 s on a quiet machine, so tap's 60 s default is too close under a loaded CI.
t.setTimeout(180_000);

t.test('provider settings: order, models, custom model, connection check', async (t) => {
  const { fake, url, browser } = await setupBrowser(t);
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${url}/settings`);
  await page.locator('li.provider-item').first().waitFor();

  // Order: the second provider moves up with its button, the first one down by keyboard.
  const before = await order(page);
  t.ok(before.length > 3, 'every provider is listed');
  const [first, second, third] = before;
  await page.getByRole('button', { name: `Move up: ${await nameOf(page, second!)}` }).click();
  t.same((await order(page)).slice(0, 3), [second, first, third], 'moved up');
  const down = page.getByRole('button', { name: `Move down: ${await nameOf(page, second!)}` });
  await down.focus();
  await page.keyboard.press('Enter');
  t.same((await order(page)).slice(0, 3), [first, second, third], 'moved back down by keyboard');
  await page.getByRole('button', { name: `Move down: ${await nameOf(page, first!)}` }).click();
  await page.getByRole('button', { name: `Move down: ${await nameOf(page, first!)}` }).click();
  const moved = await order(page);
  t.same(moved.slice(0, 3), [second, third, first], 'moved down twice');
  t.ok(
    await page
      .getByRole('button', { name: `Move up: ${await nameOf(page, second!)}` })
      .isDisabled(),
    'the first provider cannot move up',
  );
  await page.reload();
  await page.locator('li.provider-item').first().waitFor();
  t.same(await order(page), moved, 'the order survives a reload');

  // Drag and drop: the third card's handle dropped on the first card takes its place.
  await page.dragAndDrop(
    `li.provider-item[data-provider="${moved[2]}"] .drag-handle`,
    `li.provider-item[data-provider="${moved[0]}"] summary`,
  );
  t.same((await order(page)).slice(0, 3), [moved[2], moved[0], moved[1]], 'dragged to the top');

  // Key, then the remote model list: builtin ids stay builtin, the new id is a remote card.
  const card = page.locator('details.provider-card[data-provider="openai"]');
  await card.locator('summary').click();
  t.equal(await card.locator('summary').count(), 1, 'one summary per card (other tests click it)');
  await card.locator('input[name="apiKey"]').fill('sk-test');
  fake.reply({ kind: 'json', body: modelList(['gpt-4o', 'gpt-4o-remote-preview', 'whisper-1']) });
  await card.locator('button[name="fetchModels"]').click();
  const remote = card.locator('li.model-row[data-model="gpt-4o-remote-preview"]');
  await remote.waitFor();
  t.equal(await remote.getAttribute('data-source'), 'remote');
  t.equal((await remote.locator('.source-badge').textContent())?.trim(), 'remote');
  t.equal(
    await card.locator('li.model-row[data-model="gpt-4o"]').getAttribute('data-source'),
    'builtin',
    'a builtin card wins over the remote one',
  );
  t.equal(await card.locator('li.model-row[data-model="whisper-1"]').count(), 0, 'filtered');
  const remoteSwitch = remote.locator('input[name="modelEnabled"]');
  t.notOk(await remoteSwitch.isChecked(), 'an unknown remote model starts switched off');
  await remoteSwitch.check();
  t.match(fake.lastRequest()?.path ?? '', /\/models$/, 'the upstream model list was asked');

  // A custom model, and gpt-4o switched off.
  await card.locator('button[name="toggleCustomModel"]').click();
  await page.locator('.model-editor input[name="customModelId"]').fill('my-custom-model');
  await page.locator('.model-editor input[name="customModelName"]').fill('My Custom');
  await page.locator('.model-editor input[name="customModelContext"]').fill('32000');
  await page.locator('.model-editor input[name="customModelVision"]').check();
  await page.locator('.model-editor button[name="addCustomModel"]').click();
  const custom = card.locator('li.model-row[data-model="my-custom-model"]');
  await custom.waitFor();
  t.equal(await custom.getAttribute('data-source'), 'custom');
  t.match(await custom.innerText(), /My Custom[\s\S]*custom[\s\S]*32K/);
  t.equal(await custom.locator('[data-ability="vision"]').count(), 1, 'the vision badge');
  await card.locator('li.model-row[data-model="gpt-4o"] input[name="modelEnabled"]').uncheck();

  // Connection check: a good default reply, then a bad key.
  await card.locator('button[name="checkConnection"]').click();
  await card.locator('.connection-ok').waitFor();
  t.match(await card.locator('.connection-ok').textContent(), /✓/);
  const chat = fake.lastRequest();
  t.match(chat?.path ?? '', /\/(chat\/completions|responses)$/, 'a chat was sent upstream');
  fake.reply(openaiError(401, 'invalid_api_key'));
  await card.locator('button[name="checkConnection"]').click();
  await card.locator('.connection-error').waitFor();
  const shown = (await card.locator('.connection-error').textContent()) ?? '';
  t.equal(shown, errorText('InvalidProviderAPIKey', 'en', 'OpenAI'), 'the translated error');

  for (const [width, name] of [
    [1280, 'desktop'],
    [375, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.locator('li.provider-item').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshots, `settings-${name}.png`) });
    await custom.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshots, `settings-models-${name}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The chat's model picker: the custom model is there and can be picked; gpt-4o is gone.
  await page.getByRole('link', { name: 'Chat' }).click();
  const options = await pickerModels(page, 'openai');
  t.ok(options.includes('my-custom-model'), 'the custom model is offered');
  t.ok(options.includes('gpt-4o-remote-preview'), 'the remote model is offered');
  t.notOk(options.includes('gpt-4o'), 'the disabled model is gone');
  await pickModel(page, 'openai', 'my-custom-model');
  await page.reload();
  // The picker is there before /providers answers; wait for the models, then read the choice.
  await page.waitForFunction(
    () =>
      document.querySelector('button[name="model-picker"]')?.getAttribute('data-model') ===
      'my-custom-model',
  );
  t.pass('the custom model and the choice survive a reload');
  t.same(pageErrors, [], 'no page errors');
});

/** A provider's display name, from its card. */
async function nameOf(page: Page, id: string): Promise<string> {
  const name = await page
    .locator(`details.provider-card[data-provider="${id}"] .provider-name`)
    .textContent();
  return name?.trim() ?? id;
}
