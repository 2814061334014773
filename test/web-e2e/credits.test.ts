// The cloud edition in a real browser (issue 16, and the play button of issue 17): a person signed
// up through the API sees 500,000 credits, chats with the server's key, the balance falls by
// exactly creditCost(the fake's usage, the card's prices), the Usage page shows the charge; the
// play button reads a reply through POST /webapi/tts/openai; with the balance drained the
// translated FreePlanLimit notice links to the plans and the fake upstream received nothing.
import { join } from 'node:path';
import t from 'tap';
import type { Page } from 'playwright-core';
import { creditCost } from '@manifold/core/credits/cost';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { chatUsage, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { speechBytes } from '@manifold/provider-kit/fakes/openai';
import { signUp, TEST_AUTH_SECRET } from '../helpers/accounts.js';
import { startFakeStripe } from '../helpers/fake-stripe.js';
import { migratedDataDir } from '../helpers/pglite.js';
import { pickModel } from './pick-model.js';
import { screenshots, setupBrowser } from './setup.js';

const MODEL = 'gpt-4o-mini';

/** What the fake upstream received, but the model list (which the page may ask for). */
const calls = (requests: Array<{ path: string }>) =>
  requests.filter((request) => !request.path.endsWith('/models')).length;

// A browser run: 20–40 s on a quiet machine, so tap's 60 s default is too close under a loaded CI.
t.setTimeout(180_000);

t.test('credits, usage, plans and speech in the cloud edition', async (t) => {
  const stripe = await startFakeStripe();
  t.teardown(() => stripe.close());
  const dataDir = await migratedDataDir(t);
  const { fake, url, app, browser } = await setupBrowser(t, {
    EDITION: 'cloud',
    ACCOUNTS: 'required',
    AUTH_SECRET: TEST_AUTH_SECRET,
    DATA_DIR: dataDir,
    OPENAI_API_KEY: 'sk-server-key-000000000000000000',
    STRIPE_SECRET_KEY: 'sk_test_gateway',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789',
    STRIPE_API_URL: stripe.url,
    PLANS: JSON.stringify({
      basic: { monthlyCredits: 5_000_000, models: ['*'], stripePriceId: 'price_basic' },
      advanced: { monthlyCredits: 15_000_000, models: ['openai/*'], stripePriceId: 'price_adv' },
    }),
  });
  const ada = await signUp(url, 'ada@example.com', 'Ada');
  const providers = (await (await fetch(`${url}/providers`)).json()) as {
    providers: Array<{ id: string; models: ModelCard[] }>;
  };
  const card = providers.providers
    .find((provider) => provider.id === 'openai')!
    .models.find((model) => model.id === MODEL)!;
  t.ok(card.pricing?.input, 'the card has a price');

  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  t.teardown(() => context.close().catch(() => undefined));
  await context.addCookies(
    ada.cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    }),
  );
  // the page's Audio records what it is asked to play (the fake's bytes are no real MP3, which
  // a real audio element would refuse to decode)
  // (a string: the test's transpiler would add helpers the page does not have)
  await context.addInitScript({
    content: `
      window.__played = [];
      window.Audio = class {
        constructor(src) { this.src = src; this.paused = true; this.error = null; }
        play() { window.__played.push(this.src); this.paused = false; return Promise.resolve(); }
        pause() { this.paused = true; }
        removeAttribute() {}
        addEventListener() {}
      };
    `,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  const balance = (p: Page) =>
    p.locator('.header-balance').getAttribute('data-balance').then(Number);

  await page.goto(url);
  await page.locator('.header-balance[data-balance="500000"]').waitFor();
  t.match(
    await page.locator('.header-balance').innerText(),
    /500,000/,
    '500,000 credits shown after sign-up',
  );

  // a chat on the server key, with reported usage
  const usage = chatUsage(1200, 300, { cachedTokens: 200 });
  fake.reply({ kind: 'chunks', chunks: textChunks(['Hello', ' Ada'], { usage }) });
  await pickModel(page, 'openai', MODEL);
  const before = calls(fake.requests);
  await page.locator('textarea[name="message"]').fill('hello');
  await page.locator('textarea[name="message"]').press('Enter');
  const reply = page.locator('.message.assistant').last();
  await reply.locator('.reply-cost').waitFor();
  t.equal(calls(fake.requests), before + 1, 'the chat went upstream');
  const expected = creditCost(
    { totalInputTokens: 1200, inputCachedTokens: 200, totalOutputTokens: 300 },
    card.pricing,
  );
  t.equal(expected, 345, 'the cost by hand: 1000 × 0.15 + 200 × 0.075 + 300 × 0.6');
  t.equal(
    Number(await reply.locator('.reply-cost').getAttribute('data-credits')),
    expected,
    'the reply shows its cost',
  );
  t.match(await reply.locator('.reply-cost').getAttribute('title'), /\$0\.000345/, 'USD on hover');
  await page.locator(`.header-balance[data-balance="${500_000 - expected}"]`).waitFor();
  t.equal(await balance(page), 500_000 - expected, 'the balance fell by exactly the cost');

  // the play button reads the reply aloud through the gateway
  const speechRequest = page.waitForRequest(
    (request) => request.url().endsWith('/webapi/tts/openai') && request.method() === 'POST',
  );
  const speakButton = reply.locator('button.read-aloud');
  await speakButton.click();
  const posted = (await speechRequest).postDataJSON() as Record<string, unknown>;
  t.match(posted, { model: 'gpt-4o-mini-tts', input: 'Hello Ada', voice: 'alloy' });
  await reply.locator('button.read-aloud[data-speech="playing"]').waitFor();
  const played = await page.evaluate(() => (window as unknown as { __played: string[] }).__played);
  t.equal(played.length, 1, 'the audio was played');
  t.match(played[0], /^blob:/, 'from the answer bytes');
  const bytes = await page.evaluate(async (src) => {
    const buffer = await (await fetch(src)).arrayBuffer();
    return Array.from(new Uint8Array(buffer));
  }, played[0]!);
  t.same(bytes, Array.from(speechBytes('Hello Ada')), "the fake's audio");
  t.ok(
    fake.requests.some((request) => request.path.endsWith('/audio/speech')),
    'the fake upstream was asked to speak',
  );
  await speakButton.click();
  await reply.locator('button.read-aloud[data-speech="idle"]').waitFor();
  t.pass('stop ends the reading');

  // the voice is a setting
  await page.goto(`${url}/settings`);
  const speech = page.locator('.speech-settings');
  await speech.locator('select[name="speech-model"]').waitFor();
  t.match(
    await speech.locator('select[name="speech-model"] option').first().innerText(),
    /GPT-4o mini TTS/,
    'the first usable speech model is the default',
  );
  await speech.locator('select[name="speech-voice"]').selectOption('nova');
  await page.screenshot({ path: join(screenshots, 'speech-settings.png') });
  await page.goto(url);
  const again = page.waitForRequest((request) => request.url().endsWith('/webapi/tts/openai'));
  await page.locator('.message.assistant').last().locator('button.read-aloud').click();
  t.match((await again).postDataJSON(), { voice: 'nova' }, 'read with the chosen voice');
  await page
    .locator('.message.assistant')
    .last()
    .locator('button.read-aloud[data-speech="playing"]')
    .waitFor();
  await page.locator('.message.assistant').last().locator('button.read-aloud').click();

  // a voice the provider refuses: the failure is shown beside the button
  await page.evaluate(() =>
    localStorage.setItem('manifold:speech', JSON.stringify({ voice: 'robot' })),
  );
  await page.reload();
  const refused = page.locator('.message.assistant').last();
  await refused.locator('button.read-aloud').click();
  await refused.locator('.speech-error').waitFor();
  t.match(
    await refused.locator('.speech-error').innerText(),
    /Could not read aloud/,
    'error shown',
  );
  t.equal(await refused.locator('button.read-aloud').getAttribute('data-speech'), 'idle');
  await page.evaluate(() => localStorage.removeItem('manifold:speech'));

  // the Usage page: chart and ledger
  await page.locator('.header-balance').click();
  await page.waitForURL(`${url}/usage`);
  const chatRow = page.locator('table.ledger tr.ledger-row[data-reason="chat"]').last();
  await chatRow.waitFor();
  t.equal(Number(await chatRow.getAttribute('data-delta')), -expected, 'the ledger shows the chat');
  await page.locator('.usage-chart canvas').waitFor();
  t.ok(
    await page.locator(`.usage-model[data-model="openai/${MODEL}"]`).count(),
    'credits per model listed',
  );
  t.ok(
    await page.locator('table.ledger tr.ledger-row[data-reason="signup"]').count(),
    'the sign-up grant is in the ledger',
  );
  await page.screenshot({ path: join(screenshots, 'usage-page.png'), fullPage: true });

  // the Plans page: the current plan marked
  await page.goto(`${url}/plans`);
  await page.locator('.plan-card[data-plan="free"][data-current]').waitFor();
  t.equal(await page.locator('.plan-card').count(), 4, 'free, basic, advanced, professional');
  t.equal(
    await page.locator('.plan-card[data-plan="professional"] button').count(),
    0,
    'a plan without a Stripe price cannot be bought here',
  );
  await page.screenshot({ path: join(screenshots, 'plans-page.png'), fullPage: true });

  // upgrade: to Stripe's checkout page the gateway made
  await context.route(/^https:\/\/(checkout|billing)\.stripe\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Stripe</h1>' }),
  );
  await page.locator('button[name="upgrade-basic"]').click();
  await page.waitForURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
  const session = stripe.requests.find((request) => request.path === '/v1/checkout/sessions');
  t.equal(session?.form.client_reference_id, ada.id, 'checkout for this person');
  t.equal(session?.form['line_items[0][price]'], 'price_basic', 'at the plan price');

  // a subscriber: the plan marked, and the portal
  await app.credits!.repository.setPlan(ada.id, 'basic', { stripeCustomerId: 'cus_test_ada' });
  await page.goto(`${url}/plans`);
  await page.locator('.plan-card[data-plan="basic"][data-current]').waitFor();
  t.equal(
    await page.locator('.plan-card[data-plan="basic"] button').count(),
    0,
    'no upgrade to the current plan',
  );
  t.ok(await page.locator('button[name="upgrade-advanced"]').count(), 'upgrade to a higher one');
  await page.screenshot({ path: join(screenshots, 'plans-page-basic.png'), fullPage: true });
  await page.locator('button[name="manage-subscription"]').click();
  await page.waitForURL(/^https:\/\/billing\.stripe\.com\//);
  t.pass('manage subscription opens the portal');
  await app.credits!.repository.setPlan(ada.id, 'free');

  const phone = await context.newPage();
  await phone.setViewportSize({ width: 375, height: 760 });
  await phone.goto(`${url}/usage`);
  await phone.locator('.usage-chart canvas').waitFor();
  await phone.screenshot({ path: join(screenshots, 'usage-page-375.png'), fullPage: true });
  await phone.goto(`${url}/plans`);
  await phone.locator('.plan-card[data-current]').waitFor();
  await phone.screenshot({ path: join(screenshots, 'plans-page-375.png'), fullPage: true });
  const overflow = await phone.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  );
  t.notOk(overflow, 'no horizontal scroll at 375 px');
  await phone.close();

  // zh
  await page.goto(`${url}/usage`);
  await page.locator('select[name="locale"]').selectOption('zh');
  await page.locator('h1', { hasText: '用量' }).waitFor();
  t.pass('the Usage page in Chinese');
  await page.locator('select[name="locale"]').selectOption('en');

  // drain the balance: the next chat is refused before the upstream
  const left = await balance(page);
  await app.credits!.repository.apply(ada.id, {
    key: 'test:drain',
    delta: -left,
    reason: 'grant',
  });
  await page.goto(url);
  await page.locator('.header-balance[data-balance="0"]').waitFor();
  const upstreamBefore = calls(fake.requests);
  await page.locator('textarea[name="message"]').fill('one more');
  await page.locator('textarea[name="message"]').press('Enter');
  const notice = page.locator('.error-notice[data-error-type="FreePlanLimit"]').last();
  await notice.waitFor();
  t.match(
    await notice.locator('.error-message').innerText(),
    /not available on the free plan/,
    'the translated FreePlanLimit message',
  );
  t.equal(await notice.locator('a.fix-plans-link').getAttribute('href'), '/plans', 'plans link');
  t.equal(
    await notice.locator('.quota-link').count(),
    0,
    "not the provider's billing page: the limit is the gateway's",
  );
  t.equal(calls(fake.requests), upstreamBefore, 'the fake upstream received nothing');
  await page.screenshot({ path: join(screenshots, 'free-plan-limit.png') });
  await page.locator('select[name="locale"]').selectOption('zh');
  t.match(await notice.locator('.error-message').innerText(), /免费计划/, 'and in Chinese');
  await notice.locator('a.fix-plans-link').click();
  await page.waitForURL(`${url}/plans`);

  // the ledger a page at a time (50 rows, then the cursor)
  for (let i = 0; i < 55; i++)
    await app.credits!.repository.apply(ada.id, {
      key: `test:grant:${i}`,
      delta: 1,
      reason: 'grant',
    });
  await page.goto(`${url}/usage`);
  const rows = page.locator('table.ledger tr.ledger-row');
  await rows.nth(49).waitFor();
  t.equal(await rows.count(), 50, 'the first page');
  await page.locator('button[name="load-more"]').click();
  await rows.nth(50).waitFor();
  t.equal(
    await rows.count(),
    55 + 5,
    'the next page after it (55 grants, the chat, two replies read aloud (speech is metered), the drain, sign-up)',
  );
  t.equal(await page.locator('button[name="load-more"]').count(), 0, 'no page after the last');
  t.same(pageErrors, [], 'no page errors');
});
