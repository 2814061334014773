import t from 'tap';
import { definition } from '@manifold/provider-ai21';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, {
  model: 'jamba-large',
  basePath: '/studio/v1',
  // streaming is off when tools are present: the calls arrive whole in one JSON answer
  wholeToolCalls: true,
});
