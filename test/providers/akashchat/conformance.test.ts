import t from 'tap';
import { definition } from '@manifold/provider-akashchat';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, {
  model: 'Meta-Llama-3-3-70B-Instruct',
  basePath: '/api/v1',
});
