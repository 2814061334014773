import t from 'tap';
import { definition } from '@manifold/provider-taichu';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, {
  model: 'taichu_llm',
  basePath: '/maas/v1',
  notExpressible: { citations: 'Taichu has no built-in search, so its answers carry no sources' },
});
