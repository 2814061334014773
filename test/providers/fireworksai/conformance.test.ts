import t from 'tap';
import { definition } from '@manifold/provider-fireworksai';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, {
  model: 'accounts/fireworks/models/deepseek-v3p1',
  basePath: '/inference/v1',
});
