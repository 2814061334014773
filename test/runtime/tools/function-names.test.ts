import t from 'tap';
import { createHash } from 'node:crypto';
import { resolveToolFunctionName, toolFunctionName } from '@manifold/core/tools/function-names';
import { toolCallName } from '@manifold/core/contract/message-text';

const shortForm = (full: string) =>
  `t_${createHash('sha256').update(full).digest('hex').slice(0, 16)}`;

t.test('a name that fits is <identifier>____<apiName>', async (t) => {
  t.equal(toolFunctionName('web-search', 'search'), 'web-search____search');
  t.equal(toolFunctionName('mcp-everything', 'get_sum'), 'mcp-everything____get_sum');
  const sixtyFour = 'a'.repeat(64 - 'x____'.length);
  t.equal(toolFunctionName(sixtyFour, 'x'), `${sixtyFour}____x`, '64 characters fit');
});

t.test('a name too long or with other characters gets the stable short form', async (t) => {
  const long = 'a'.repeat(60);
  t.equal(toolFunctionName(long, 'search'), shortForm(`${long}____search`));
  t.equal(toolFunctionName('mcp-files', 'read.file'), shortForm('mcp-files____read.file'));
  t.equal(toolFunctionName('mcp-files', 'lire fichier'), shortForm('mcp-files____lire fichier'));
  t.equal(toolFunctionName('mcp-files', '文件'), shortForm('mcp-files____文件'), 'UTF-8 hashed');
  t.match(toolFunctionName(long, 'search'), /^t_[0-9a-f]{16}$/);
  t.equal(toolFunctionName(long, 'search'), toolFunctionName(long, 'search'), 'stable');
  t.equal(
    toolCallName({ identifier: long, apiName: 'search' }),
    toolFunctionName(long, 'search'),
    'history replays a call under the name it was offered under',
  );
});

t.test("a call of the caller's own function is replayed under its own name", async (t) => {
  t.equal(
    toolCallName({ identifier: 'get_weather', apiName: '', name: 'get_weather' }),
    'get_weather',
  );
  t.equal(
    toolCallName({ identifier: 'x', apiName: 'y', name: 'lookup.city' }),
    'lookup.city',
    'the name is sent as the client gave it, never shortened',
  );
});

t.test('names resolve back through the manifests', async (t) => {
  const manifests = [
    {
      identifier: 'web-search',
      api: [
        { name: 'search', description: '' },
        { name: 'crawl', description: '' },
      ],
    },
    { identifier: 'mcp-files', api: [{ name: 'read.file', description: '' }] },
  ];
  t.same(resolveToolFunctionName('web-search____crawl', manifests), {
    identifier: 'web-search',
    apiName: 'crawl',
  });
  t.same(resolveToolFunctionName(shortForm('mcp-files____read.file'), manifests), {
    identifier: 'mcp-files',
    apiName: 'read.file',
  });
  t.equal(resolveToolFunctionName('web-search____nope', manifests), undefined);
  t.equal(resolveToolFunctionName('t_0000000000000000', manifests), undefined);
});
