/**
 * The README's examples of the OpenAI- and Anthropic-compatible APIs work: each JavaScript block
 * runs in a child `node` (importing the SDKs as a reader's project would) and the curl block in
 * `bash`, against a gateway in front of the fake upstreams, with only the address changed.
 */
import t from 'tap';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../helpers/paths.js';
import { API_KEY, TEXT, startCompatGateway } from '../gateway/compat-api/helpers.js';

const run = promisify(execFile);
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('## OpenAI- and Anthropic-compatible APIs'),
  readme.indexOf('## Adding a provider'),
);

/** The code blocks of one `###` part of the section, in order, for one language. */
function blocks(heading: string, language: string): string[] {
  const start = section.indexOf(`### ${heading}\n`);
  const next = section.indexOf('\n### ', start + 1);
  const part = section.slice(start, next === -1 ? undefined : next);
  return [...part.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map(
    (match) => match[1]!,
  );
}

const gateway = await startCompatGateway(t);
const [openai, anthropic, google] = gateway.families;
const withAddress = (code: string) => code.replaceAll('http://127.0.0.1:3210', gateway.url);

async function runExample(command: string, args: string[]) {
  const { stdout } = await run(command, args, {
    cwd: ROOT,
    env: { ...process.env, MANIFOLD_API_KEY: API_KEY },
    timeout: 40_000,
  });
  return stdout;
}

const node = (code: string) =>
  runExample(process.execPath, ['--input-type=module', '-e', withAddress(code)]);

t.test('the section documents every route and the variable', async (t) => {
  t.ok(section.length > 0, 'the section is there');
  for (const route of [
    'POST /v1/chat/completions',
    'GET /v1/models',
    'POST /v1/embeddings',
    'POST /v1/images/generations',
    'POST /v1/audio/speech',
    'POST /v1/messages',
  ])
    t.match(section, `\`${route}\``, route);
  t.match(section, 'MANIFOLD_API_KEYS');
});

t.test('the OpenAI SDK example streams, calls a tool through Claude, and catches', async (t) => {
  const [sdk, aiSdk] = blocks('OpenAI SDK', 'js');
  t.ok(sdk && aiSdk, 'two examples');
  // the streamed reply is the fake OpenAI's default answer
  anthropic!.replyToolCall(false);
  anthropic!.replyText(false);
  const output = await node(sdk!);
  t.match(output, 'Hello from the fake.\nusage: 15 tokens');
  t.match(output, 'tool call: get_weather {"city":"Paris"}');
  t.match(output, `${TEXT.join('')}\n`);
  t.match(output, '400 BadRequest model\n');
  t.match(anthropic!.sent().turns, [{ role: 'user' }, { role: 'assistant' }, { role: 'tool' }]);

  google!.replyText(true);
  t.match(await node(aiSdk!), `${TEXT.join('')}\nusage: 30 tokens`);
  t.ok(openai, 'the OpenAI family is there');
});

t.test('the Anthropic SDK example streams thinking, calls a tool through Gemini', async (t) => {
  const [sdk] = blocks('Anthropic SDK', 'js');
  t.ok(sdk, 'one example');
  anthropic!.replyText(true);
  google!.replyToolCall(false);
  google!.replyText(false);
  const output = await node(sdk!);
  t.match(output, `${TEXT.join('')}\nusage:`);
  t.match(output, `tool_use → ${TEXT.join('')}`);
  t.match(output, '400 invalid_request_error top_k: top_k sampling is not supported');
  t.match(google!.sent().turns, [{ role: 'user' }, { role: 'assistant' }, { role: 'tool' }]);
});

t.test('the curl examples answer in the APIs own shapes', async (t) => {
  const [script] = blocks('curl', 'sh');
  t.ok(script, 'one block');
  const output = await runExample('bash', ['-e', '-c', withAddress(script!)]);
  t.match(output, '"object":"list"');
  t.match(output, '"id":"openai/gpt-4o-mini"');
  t.match(output, 'data: [DONE]');
  t.match(output, '"object":"chat.completion.chunk"');
  t.match(output, '"type":"message"');
  t.match(output, '"object":"embedding"');
});
