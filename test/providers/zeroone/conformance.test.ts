import t from 'tap';
import { definition } from '@manifold/provider-zeroone';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'yi-lightning', basePath: '/v1' });
