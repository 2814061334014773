import t from 'tap';
import { definition } from '@manifold/provider-v0';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'v0-1.5-md', basePath: '/v1' });
