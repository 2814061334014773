import t from 'tap';
import { definition } from '@manifold/provider-giteeai';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'Qwen3-235B-A22B', basePath: '/v1' });
