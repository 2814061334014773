import t from 'tap';
import { definition } from '@manifold/provider-siliconcloud';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, {
  model: 'deepseek-ai/DeepSeek-V3.1',
  notExpressible: { citations: 'SiliconCloud has no built-in web search, so no citations' },
});
