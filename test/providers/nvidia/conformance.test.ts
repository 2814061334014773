import t from 'tap';
import { definition } from '@manifold/provider-nvidia';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'meta/llama-3.3-70b-instruct', basePath: '/v1' });
