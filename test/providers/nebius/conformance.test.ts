import t from 'tap';
import { definition } from '@manifold/provider-nebius';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'meta-llama/Llama-3.3-70B-Instruct' });
