/**
 * Boot stays light (issue 19): a gateway without `MCP_SERVERS` never loads the MCP SDK (nor the
 * zod it brings): it is imported when a first MCP server is connected (an unreachable one is
 * enough to load it).
 */
import t from 'tap';
import { bootModuleLoads } from '../../helpers/boot-modules.js';

t.test('without MCP servers neither the MCP SDK nor zod is loaded', async (t) => {
  const { off, on } = await bootModuleLoads(['/@modelcontextprotocol/', '/zod/'], {
    off: {},
    on: {
      MCP_SERVERS: JSON.stringify({ mcpServers: { nowhere: { url: 'http://127.0.0.1:9/mcp' } } }),
      MCP_TIMEOUT_MS: '2000',
    },
  });
  t.equal(off, 0, 'no MCP server: nothing of the SDK or zod loaded');
  t.ok(on > 0, 'with one: the SDK loaded (the watch sees it)');
});
