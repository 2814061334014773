import t from 'tap';
import { definition } from '@manifold/provider-lmstudio';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'qwen/qwen3-8b' });
