// Shared setup of the browser tests: web/dist built, a fake OpenAI upstream, a real gateway serving
// web/dist on a free port, and Debian's chromium through playwright-core; all closed in teardown.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Test } from 'tap';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '@manifold/gateway/app';
import { loadConfig } from '@manifold/gateway/config';
import { ROOT as REPO_ROOT } from '../helpers/paths.js';
import { startFakeOpenAI, type FakeOpenAI } from '@manifold/provider-kit/fakes/openai';

export const webDist = join(REPO_ROOT, 'web', 'dist');
export const screenshots = join(REPO_ROOT, 'test', 'web-e2e', 'screenshots');
const CHROMIUM = '/usr/bin/chromium';

/** What a browser test works with. */
export interface BrowserSetup {
  fake: FakeOpenAI;
  /** The gateway, `http://127.0.0.1:<port>`. */
  url: string;
  /** The gateway itself (its `server` sees every request). */
  app: FastifyInstance;
  browser: Browser;
}

/**
 * Pages of this browser start with automatic conversation titles off (unless a test switches
 * them on): the title request would otherwise take a reply queued on the fake upstream for the
 * test's next message.
 */
function withoutAutoTitles(browser: Browser): void {
  const script = () => {
    if (localStorage.getItem('manifold:auto-titles') === null)
      localStorage.setItem('manifold:auto-titles', 'off');
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    await context.addInitScript(script);
    return context;
  };
  browser.newPage = async (...args) => {
    const context = await browser.newContext(...args);
    const page = await context.newPage();
    // closed with the browser at teardown too, when the context is already gone
    page.on('close', () => void context.close().catch(() => undefined));
    return page;
  };
}

/**
 * Build web/dist when missing, start the fake upstream, the gateway (with `env` added to its
 * configuration) and chromium.
 */
export async function setupBrowser(
  t: Test,
  env: Record<string, string> = {},
  options: { autoTitles?: boolean } = {},
): Promise<BrowserSetup> {
  if (!existsSync(join(webDist, 'index.html'))) {
    const built = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'scripts', 'build.mjs'), '--web-only'],
      { cwd: REPO_ROOT, stdio: 'inherit' },
    );
    t.equal(built.status, 0, 'web/dist is built');
  }
  mkdirSync(screenshots, { recursive: true });

  const fake = await startFakeOpenAI();
  t.teardown(() => fake.close());
  const config = loadConfig(
    { LOG_LEVEL: 'silent', OPENAI_PROXY_URL: fake.baseURL, ...env },
    { webRoot: webDist },
  );
  const app = await buildApp(config, { logger: false });
  t.teardown(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  for (let i = 0; i < 600 && !existsSync(CHROMIUM); i++) await sleep(500);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  t.teardown(() => browser.close());
  if (!options.autoTitles) withoutAutoTitles(browser);
  return { fake, url, app, browser };
}
