import t from 'tap';
import { definition } from '@manifold/provider-cohere';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, {
  model: 'command-a-03-2025',
  basePath: '/compatibility/v1',
});
