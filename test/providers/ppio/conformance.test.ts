import t from 'tap';
import { definition } from '@manifold/provider-ppio';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'deepseek/deepseek-v3.1', basePath: '/v3/openai' });
