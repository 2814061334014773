import t from 'tap';
import { definition } from '../../../providers/lmstudio/index.js';
import { localServerTests } from './local-helpers.js';
import { conformance } from './conformance.js';

void localServerTests(t, {
  definition,
  load: () => import('@manifold/provider-lmstudio'),
  model: 'qwen/qwen3-8b',
  listed: { id: 'mistralai/devstral-small-2507', abilities: { functionCall: true } },
});

t.test('the default base URL is LM Studio on the loopback port 1234', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'http://127.0.0.1:1234/v1');
});

void t.test('the conformance kit', conformance);
