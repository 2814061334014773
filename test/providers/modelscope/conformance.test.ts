import t from 'tap';
import { definition } from '@manifold/provider-modelscope';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'Qwen/Qwen3-235B-A22B' });
