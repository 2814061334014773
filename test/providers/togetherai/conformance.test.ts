import t from 'tap';
import { definition } from '@manifold/provider-togetherai';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'meta-llama/Llama-3.3-70B-Instruct-Turbo' });
