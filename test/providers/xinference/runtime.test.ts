import t from 'tap';
import { definition } from '../../../providers/xinference/index.js';
import { localServerTests } from '../lmstudio/local-helpers.js';
import { conformance } from './conformance.js';

void localServerTests(t, {
  definition,
  load: () => import('@manifold/provider-xinference'),
  model: 'qwen3',
  listed: { id: 'glm-4v', abilities: { vision: true } },
});

t.test('the default base URL is Xinference on the loopback port 9997', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'http://127.0.0.1:9997/v1');
});

void t.test('the conformance kit', conformance);
