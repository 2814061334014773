import t from 'tap';
import { definition } from '../../../providers/vllm/index.js';
import { localServerTests } from '../lmstudio/local-helpers.js';
import { conformance } from './conformance.js';

void localServerTests(t, {
  definition,
  load: () => import('@manifold/provider-vllm'),
  model: 'Qwen/Qwen3-8B',
  listed: { id: 'deepseek-ai/DeepSeek-R1-Distill-Qwen-7B', abilities: { reasoning: true } },
});

t.test('the default base URL is vLLM on the loopback port 8000', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'http://127.0.0.1:8000/v1');
});

void t.test('the conformance kit', conformance);
