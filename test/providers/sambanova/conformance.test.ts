import t from 'tap';
import { definition } from '@manifold/provider-sambanova';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'Meta-Llama-3.3-70B-Instruct', basePath: '/v1' });
