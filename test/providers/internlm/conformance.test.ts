import t from 'tap';
import { definition } from '@manifold/provider-internlm';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, {
  model: 'internlm3-latest',
  basePath: '/puyu/api/v1',
  // streaming is off when tools are present: the calls arrive whole in one JSON answer
  wholeToolCalls: true,
  notExpressible: {
    citations: 'InternLM has no built-in web search, so no citations',
  },
});
