// Tools end to end in a real browser (issue 14): a gateway with web search on a fake SearXNG and
// the MCP server `@modelcontextprotocol/server-everything` over stdio; the fake OpenAI upstream
// asks for both tools in one turn, the app runs them through /webapi/plugin/gateway, shows each
// call with its result, sends both results back and streams the final answer; Stop during a
// tool call ends the loop.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import type { Test } from 'tap';
import type { Page } from 'playwright-core';
import { textChunks, toolCallChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { startFakeSearxng } from '@manifold/provider-kit/fakes/search/searxng';
import { EVERYTHING, startEverythingHttp } from '../gateway/tools/mcp-helpers.js';
import { screenshots, setupBrowser } from './setup.js';
import { pickModel } from './pick-model.js';

async function send(page: Page, text: string) {
  await page.locator('textarea[name="message"]').fill(text);
  await page.locator('textarea[name="message"]').press('Enter');
}

interface WireMessage {
  role: string;
  content?: unknown;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

/** A third-party plugin (`type: "default"`) answering on loopback, with a settings schema. */
async function weatherPlugin(t: Test) {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.end('sunny, 21 °C');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'manifold-tools-e2e-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'weather.json');
  writeFileSync(
    path,
    JSON.stringify({
      identifier: 'weather',
      meta: { title: 'Weather', description: 'Current weather' },
      api: [
        {
          name: 'current',
          description: 'The weather in a city now',
          url: `${origin}/current`,
          parameters: {
            type: 'object',
            properties: { city: { type: 'string' } },
            required: ['city'],
          },
        },
      ],
      settings: {
        type: 'object',
        properties: {
          apiKey: { type: 'string', title: 'API key', minLength: 8 },
          unit: { type: 'string', enum: ['C', 'F'] },
        },
        required: ['apiKey'],
      },
    }),
  );
  return { path, received };
}

// A browser run: 20–40 s on a quiet machine, so tap's 60 s default is too close under a loaded CI.
t.setTimeout(180_000);

t.test('a model calls web search and an MCP tool in one turn', async (t) => {
  const searxng = await startFakeSearxng();
  t.teardown(() => searxng.close());
  const weather = await weatherPlugin(t);
  const { fake, url, browser } = await setupBrowser(t, {
    SEARXNG_URL: searxng.url,
    PLUGIN_MANIFESTS: weather.path,
    MCP_SERVERS: JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING] } },
    }),
  });
  const page = await browser.newPage({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
  page.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto(`${url}/settings`);
  const card = page.locator('details.provider-card[data-provider="openai"]');
  await card.locator('summary').click();
  await card.locator('input[name="apiKey"]').fill('sk-test');
  await page.getByRole('link', { name: 'Chat' }).click();
  await pickModel(page, 'openai');

  // The Tools panel: both tools listed, the MCP server ready; switch both on.
  await page.locator('button.tools-button').click();
  const panel = page.locator('.tools-panel');
  const search = panel.locator('.tool-item[data-tool="web-search"]');
  const everything = panel.locator('.tool-item[data-tool="mcp-everything"]');
  await search.waitFor();
  await everything.locator('.tool-state[data-state="success"]').waitFor();
  await search.locator('.tool-toggle').check();
  await everything.locator('.tool-toggle').check();
  t.equal(await page.locator('button.tools-button').innerText(), '2', 'the button counts them');
  await sleep(400); // the popover's entrance animation
  await page.screenshot({ path: join(screenshots, 'tools-panel.png') });
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });

  fake.reply({
    kind: 'chunks',
    chunks: toolCallChunks([
      { id: 'call_search', name: 'web-search____search', arguments: ['{"query":', '"manifold"}'] },
      {
        id: 'call_echo',
        name: 'mcp-everything____echo',
        arguments: '{"message":"hello tools"}',
      },
    ]),
  });
  fake.reply({ kind: 'chunks', chunks: textChunks(['Both tools ', 'answered.']) });
  const before = fake.requests.length;
  await send(page, 'Search and echo, please');

  const final = page.locator('.message.assistant').last();
  await final.locator('.markdown').getByText('Both tools answered.').waitFor();
  await final.locator('.stats').waitFor();
  const calls = page.locator('.message.assistant .tool-call');
  t.same(
    await calls.locator('.tool-name').allInnerTexts(),
    ['web-search____search', 'mcp-everything____echo'],
    'both calls are shown',
  );
  const results = page.locator('.message.tool');
  t.equal(await results.count(), 2, 'one tool message per call');
  t.same(await results.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), [
    'done',
    'done',
  ]);
  for (const summary of await results.locator('summary').all()) await summary.click();
  const texts = await results.locator('.tool-result').allInnerTexts();
  t.match(texts[0], /manifold/, 'the search result');
  t.match(texts[1], /hello tools/, 'the echo');
  const citations = page.locator('.citations a');
  t.ok((await citations.count()) >= 1, 'search sources shown as citations');
  t.match(await citations.first().getAttribute('href'), /^https:\/\/docs\.example\.com\//);
  await page.screenshot({ path: join(screenshots, 'tools-calls.png'), fullPage: true });

  const sent = fake.requests.slice(before);
  t.equal(sent.length, 2, 'two chat requests: the question, then the tool results');
  const first = sent[0]!.body as { tools?: Array<{ function: { name: string } }> };
  t.ok(
    first.tools?.some((tool) => tool.function.name === 'web-search____search'),
    'web search is offered',
  );
  t.ok(
    first.tools?.some((tool) => tool.function.name === 'mcp-everything____echo'),
    'the MCP tools are offered',
  );
  const messages = (sent[1]!.body as { messages: WireMessage[] }).messages;
  const assistant = messages.find((m) => m.role === 'assistant' && m.tool_calls?.length);
  t.same(
    assistant?.tool_calls?.map((c) => [c.id, c.function.name]),
    [
      ['call_search', 'web-search____search'],
      ['call_echo', 'mcp-everything____echo'],
    ],
    'the assistant message keeps its tool_calls',
  );
  const tools = messages.filter((m) => m.role === 'tool');
  t.same(
    tools.map((m) => m.tool_call_id),
    ['call_search', 'call_echo'],
    'both tool messages, with their ids',
  );
  t.match(String(tools[0]!.content), /manifold/);
  t.match(String(tools[1]!.content), /hello tools/);
  t.same(
    messages.map((m) => m.role).filter((role) => role !== 'system' && role !== 'developer'),
    ['user', 'assistant', 'tool', 'tool'],
    'in order',
  );

  // 375 px: the calls and the panel still fit.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: join(screenshots, 'tools-calls-375.png') });
  await page.locator('button.tools-button').click();
  await page.locator('.tools-panel').waitFor();
  await sleep(400);
  await page.screenshot({ path: join(screenshots, 'tools-panel-375.png') });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 860 });

  // Stop while a tool runs: the search hangs, Stop ends the call and the loop.
  searxng.reply({ kind: 'hang' });
  fake.reply({
    kind: 'chunks',
    chunks: toolCallChunks([
      { id: 'call_slow', name: 'web-search____search', arguments: '{"query":"slow"}' },
    ]),
  });
  const beforeStop = fake.requests.length;
  await send(page, 'Search something slow');
  const running = page.locator('.message.tool[data-status="running"]');
  await running.waitFor();
  await page.locator('button.stop').click();
  await page.locator('.message.tool').last().and(page.locator('[data-status="error"]')).waitFor();
  await page.locator('.composer button[type="submit"]').waitFor();
  await sleep(500);
  t.equal(fake.requests.length - beforeStop, 1, 'no request after Stop');
  t.equal(await running.count(), 0, 'no call left running');

  // The person's own MCP server (Streamable HTTP), added in the panel: listed, offered, called.
  const own = await startEverythingHttp(t, 'streamableHttp');
  await page.locator('button.tools-button').click();
  const add = page.locator('.tools-panel form.mcp-add');
  await add.locator('input[name="name"]').fill('Mine');
  await add.locator('input[name="url"]').fill(`http://127.0.0.1:${own.port}/mcp`);
  await add.getByRole('button', { name: 'Add server' }).click();
  const mine = page.locator('.tools-panel .tool-item[data-tool="mcp-user-mine"]');
  await mine.locator('.tool-state[data-state="success"]').waitFor();
  t.equal(await page.locator('.tools-panel .mcp-server[data-server="mine"]').count(), 1);
  await mine.locator('.tool-toggle').check();
  await page.keyboard.press('Escape');
  fake.reply({
    kind: 'chunks',
    chunks: toolCallChunks([
      { id: 'call_sum', name: 'mcp-user-mine____get-sum', arguments: '{"a":2,"b":3}' },
    ]),
  });
  fake.reply({ kind: 'chunks', chunks: textChunks(['The sum is 5.']) });
  const beforeOwn = fake.requests.length;
  await send(page, 'Add 2 and 3 with my server');
  await page.locator('.message.assistant .markdown').getByText('The sum is 5.').waitFor();
  const ownRequests = fake.requests.slice(beforeOwn);
  const offered = (ownRequests[0]!.body as { tools?: Array<{ function: { name: string } }> }).tools;
  t.ok(
    offered?.some((tool) => tool.function.name === 'mcp-user-mine____get-sum'),
    "the person's server's tools are offered (the chat request carried their servers)",
  );
  const back = (ownRequests[1]!.body as { messages: WireMessage[] }).messages.filter(
    (m) => m.role === 'tool' && m.tool_call_id === 'call_sum',
  );
  t.match(String(back[0]?.content), /5/, 'its answer went back to the model');
  await page.locator('button.tools-button').click();
  await page.getByRole('button', { name: 'Remove mine' }).click();
  await mine.waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');

  // A plugin's settings form, generated from its schema: the values go with its calls.
  await page.locator('button.tools-button').click();
  const plugin = page.locator('.tools-panel .tool-item[data-tool="weather"]');
  await plugin.locator('.tool-settings summary').click();
  await plugin.locator('input[name="apiKey"]').fill('person-key-123');
  t.equal(await plugin.locator('input[name="apiKey"]').getAttribute('type'), 'password');
  await plugin.locator('select[name="unit"]').selectOption('F');
  await plugin.locator('.tool-toggle').check();
  await sleep(400);
  await page.screenshot({ path: join(screenshots, 'tools-settings.png') });
  await page.keyboard.press('Escape');
  fake.reply({
    kind: 'chunks',
    chunks: toolCallChunks([
      { id: 'call_weather', name: 'weather____current', arguments: '{"city":"Paris"}' },
    ]),
  });
  fake.reply({ kind: 'chunks', chunks: textChunks(['Sunny in Paris.']) });
  await send(page, 'Weather in Paris?');
  await page.locator('.message.assistant .markdown').getByText('Sunny in Paris.').waitFor();
  const sentSettings = weather.received.at(-1)?.headers['x-manifold-plugin-settings'];
  t.same(
    JSON.parse(Buffer.from(String(sentSettings), 'base64url').toString()),
    { apiKey: 'person-key-123', unit: 'F' },
    'the settings from the form reach the plugin',
  );

  // A reload while an answer that ends in a tool call streams (CONTRACT §11): the resumed answer
  // still runs its call, and the model is asked again with the result.
  const story = Array.from({ length: 30 }, (_, i) => `w${String(i).padStart(2, '0')} `);
  fake.reply({
    kind: 'chunks',
    delayMs: 50,
    chunks: [
      ...textChunks(story).slice(0, -1),
      ...toolCallChunks([
        {
          id: 'call_resumed',
          name: 'mcp-everything____echo',
          arguments: '{"message":"after the reload"}',
        },
      ]),
    ],
  });
  fake.reply({ kind: 'chunks', chunks: textChunks(['Echoed after the reload.']) });
  const beforeReload = fake.requests.length;
  await send(page, 'Tell a story, then echo');
  await page.locator('.message.assistant').last().getByText('w05').waitFor();
  await page.reload();
  await page
    .locator('.message.assistant .markdown')
    .getByText('Echoed after the reload.')
    .waitFor({ timeout: 30_000 });
  const resumedCall = page.locator('.message.tool').last();
  t.equal(await resumedCall.getAttribute('data-status'), 'done', 'the call ran after the resume');
  const afterReload = fake.requests.slice(beforeReload);
  t.equal(afterReload.length, 2, 'the story once (resumed, not asked again), then the result');
  const echoed = (afterReload[1]!.body as { messages: WireMessage[] }).messages.find(
    (m) => m.role === 'tool' && m.tool_call_id === 'call_resumed',
  );
  t.match(String(echoed?.content), /after the reload/, 'the result went back to the model');

  t.same(pageErrors, [], 'no page errors');
});
