import t from 'tap';
import { definition } from '@manifold/provider-vllm';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'Qwen/Qwen3-8B' });
