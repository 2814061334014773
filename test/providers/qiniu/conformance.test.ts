import t from 'tap';
import { definition } from '@manifold/provider-qiniu';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'deepseek-v3', basePath: '/v1' });
