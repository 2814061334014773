import t from 'tap';
import { definition } from '@manifold/provider-stepfun';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, {
  model: 'step-1-8k',
  // streaming is off when tools are present: the calls arrive whole in one JSON answer
  wholeToolCalls: true,
});
