import t from 'tap';
import { definition } from '@manifold/provider-infiniai';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'deepseek-v3.1', basePath: '/maas/v1' });
