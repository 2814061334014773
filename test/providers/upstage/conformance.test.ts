import t from 'tap';
import { definition } from '@manifold/provider-upstage';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'solar-pro2', basePath: '/v1/solar' });
