/**
 * `MCP_SERVERS`, the `X-Manifold-Mcp-Servers` header and the conversion of tool results to text:
 * the parts of MCP support that need no server.
 */
import t from 'tap';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mcpIdentifier, parseMcpServers } from '@manifold/gateway/tools/mcp/config';
import { base64Size, resultText } from '@manifold/gateway/tools/mcp/result-text';
import { parseUserMcpServers } from '@manifold/gateway/tools/mcp/user-sources';

const both = {
  mcpServers: {
    files: {
      command: 'npx',
      args: ['-y', 'some-server', '/data'],
      env: { TOKEN: 't' },
      cwd: '/srv',
    },
    remote: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' } },
  },
};

t.test('MCP_SERVERS takes stdio and URL servers as JSON', async (t) => {
  t.same(parseMcpServers(JSON.stringify(both)), both);
  t.same(parseMcpServers(undefined), { mcpServers: {} });
  t.same(parseMcpServers('  '), { mcpServers: {} });
});

t.test('MCP_SERVERS may be the path of a JSON file, relative to the working folder', async (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'mcp-config-'));
  writeFileSync(join(folder, 'mcp.json'), JSON.stringify(both));
  t.same(parseMcpServers('mcp.json', folder), both);
  t.same(parseMcpServers(join(folder, 'mcp.json')), both);
  t.throws(() => parseMcpServers('missing.json', folder), {
    name: 'ConfigError',
    message:
      /^Invalid configuration: MCP_SERVERS is neither JSON nor a readable file: .*missing\.json/,
  });
});

t.test('a server with "disabled": true is left out, unknown keys are ignored', async (t) => {
  const value = JSON.stringify({
    mcpServers: {
      off: { command: 'x', disabled: true },
      on: { type: 'stdio', command: 'y', description: 'ignored' },
    },
  });
  t.same(parseMcpServers(value), { mcpServers: { on: { command: 'y' } } });
});

t.test(
  'names become identifiers mcp-<name>, lower-cased with other characters as "-"',
  async (t) => {
    t.equal(mcpIdentifier('My_Server'), 'mcp-my-server');
    t.equal(mcpIdentifier('GitHub.com / API'), 'mcp-github-com-api');
    t.equal(mcpIdentifier('-files-'), 'mcp-files');
  },
);

const problems: Array<[string, unknown, RegExp]> = [
  ['not JSON', '{nope', /MCP_SERVERS is not valid JSON/],
  ['no mcpServers', JSON.stringify({ servers: {} }), /must be an object \{"mcpServers"/],
  ['neither command nor url', { a: { args: [] } }, /server "a": needs "command".*or "url"/],
  ['both command and url', { a: { command: 'x', url: 'http://h' } }, /has both/],
  ['args not strings', { a: { command: 'x', args: [1] } }, /args must be an array of strings/],
  ['env not strings', { a: { command: 'x', env: { N: 1 } } }, /env\.N must be a string/],
  ['a URL that is not http', { a: { url: 'ftp://h/x' } }, /url must be http: or https:/],
  ['a URL that is not a URL', { a: { url: 'not a url' } }, /url is not a URL/],
  ['header values not strings', { a: { url: 'http://h', headers: { X: true } } }, /headers\.X/],
  ['a name with nothing left', { '!!!': { command: 'x' } }, /"!!!" has no letters or digits/],
  [
    'two names, one identifier',
    { a_b: { command: 'x' }, 'A-B': { command: 'y' } },
    /both become identifier mcp-a-b/,
  ],
  ['a name kept for people', { 'user-tools': { command: 'x' } }, /names starting with "user"/],
  ['a name too long', { ['n'.repeat(61)]: { command: 'x' } }, /too long/],
];
for (const [what, servers, message] of problems) {
  t.test(`MCP_SERVERS is refused naming the variable: ${what}`, async (t) => {
    const value = typeof servers === 'string' ? servers : JSON.stringify({ mcpServers: servers });
    t.throws(() => parseMcpServers(value), { name: 'ConfigError', message });
    t.throws(() => parseMcpServers(value), { message: /^Invalid configuration: MCP_SERVERS / });
  });
}

const header = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

t.test('the user header gives URL servers with identifiers mcp-user-<name>', async (t) => {
  t.same(
    parseUserMcpServers(
      header({ mcpServers: { 'Home Lab': { url: 'https://h.example/mcp', headers: { A: 'b' } } } }),
    ),
    [
      {
        name: 'Home Lab',
        identifier: 'mcp-user-home-lab',
        server: { url: 'https://h.example/mcp', headers: { A: 'b' } },
      },
    ],
  );
  t.same(parseUserMcpServers(undefined), []);
  t.same(parseUserMcpServers(''), []);
});

const userProblems: Array<[string, string, string, RegExp]> = [
  ['not base64url', 'a+b/c', 'X-Manifold-Mcp-Servers', /is not base64url/],
  [
    'not JSON',
    Buffer.from('{x').toString('base64url'),
    'X-Manifold-Mcp-Servers',
    /not base64url of JSON/,
  ],
  ['no mcpServers', header({ servers: {} }), 'X-Manifold-Mcp-Servers', /must be base64url of/],
  [
    'a command',
    header({ mcpServers: { s: { command: 'sh' } } }),
    'X-Manifold-Mcp-Servers.mcpServers.s.command',
    /"url" only/,
  ],
  [
    'env',
    header({ mcpServers: { s: { url: 'https://h', env: {} } } }),
    'X-Manifold-Mcp-Servers.mcpServers.s.env',
    /"url" only/,
  ],
  [
    'no url',
    header({ mcpServers: { s: { headers: {} } } }),
    'X-Manifold-Mcp-Servers.mcpServers.s.url',
    /url must be a non-empty string/,
  ],
  [
    'a file URL',
    header({ mcpServers: { s: { url: 'file:///etc/passwd' } } }),
    'X-Manifold-Mcp-Servers.mcpServers.s.url',
    /http: or https:/,
  ],
  [
    'too many servers',
    header({
      mcpServers: Object.fromEntries(
        Array.from({ length: 21 }, (_, i) => [`s${i}`, { url: 'https://h' }]),
      ),
    }),
    'X-Manifold-Mcp-Servers',
    /more than 20 servers/,
  ],
];
for (const [what, value, field, message] of userProblems) {
  t.test(`the user header is a 400 naming the field: ${what}`, async (t) => {
    t.throws(() => parseUserMcpServers(value), {
      errorType: 'BadRequest',
      body: { field },
      message,
    });
  });
}

t.test('a result without content blocks gives its structured content as JSON', async (t) => {
  t.equal(
    resultText({ content: [], structuredContent: { temperature: 21 } }),
    '{"temperature":21}',
  );
  t.equal(resultText({ toolResult: { ok: true } }), '{"ok":true}');
  t.equal(resultText({ content: [{ type: 'video' }] }), '[video content]');
  t.equal(resultText({}), '');
});

t.test('the size of base64 data is counted without decoding it', async (t) => {
  for (const size of [0, 1, 2, 3, 4, 1000, 1001]) {
    t.equal(base64Size(Buffer.alloc(size).toString('base64')), size, `${size} bytes`);
  }
});
