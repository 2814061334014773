// Agent settings in a real browser: a system prompt and a temperature set in the panel reach the
// fake upstream's request body.
import t from 'tap';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { setupBrowser } from './setup.js';
import { pickModel } from './pick-model.js';

t.test('system prompt and temperature from the agent panel reach the upstream', async (t) => {
  const { fake, url, browser } = await setupBrowser(t);
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${url}/settings`);
  const card = page.locator('details.provider-card[data-provider="openai"]');
  await card.locator('summary').click();
  await card.locator('input[name="apiKey"]').fill('sk-test');
  await page.getByRole('link', { name: 'Chat' }).click();
  // A model without reasoning, so the gateway keeps the temperature and the system role.
  await pickModel(page, 'openai', 'gpt-4o-mini');

  await page.locator('button.agent-settings-toggle').click();
  await page.locator('textarea[name="systemPrompt"]').fill('You are a pirate.');
  await page.locator('input[name="temperatureEnabled"]').check();
  await page.locator('input[name="temperature"]').fill('0.7');

  fake.reply({ kind: 'chunks', chunks: textChunks(['Arr.']) });
  await page.locator('textarea[name="message"]').fill('Hello');
  await page.locator('textarea[name="message"]').press('Enter');
  await page.locator('.message.assistant .stats').waitFor();

  const body = fake.lastRequest()?.body as
    { temperature?: number; messages?: { role: string; content: unknown }[] } | undefined;
  t.same(
    body?.messages?.[0],
    { role: 'system', content: 'You are a pirate.' },
    'system prompt sent',
  );
  t.equal(body?.temperature, 0.7, 'temperature is sent');
  t.notOk(body && 'top_p' in body, 'top_p is off and not sent');
});
