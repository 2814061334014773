import t from 'tap';
import { definition } from '@manifold/provider-volcengine';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, {
  model: 'doubao-seed-1-6',
  basePath: '/api/v3',
  notExpressible: { citations: 'Volcengine Ark chat completions have no built-in web search' },
});
