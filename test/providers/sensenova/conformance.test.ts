import t from 'tap';
import { definition } from '@manifold/provider-sensenova';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, {
  model: 'SenseNova-V6-5-Pro',
  basePath: '/compatible-mode/v1',
  notExpressible: {
    citations: 'SenseNova has no built-in search, so its answers carry no sources',
  },
});
