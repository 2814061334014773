import t from 'tap';
import { definition } from '@manifold/provider-ai360';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, {
  model: '360gpt-pro',
  // streaming is off when tools are present: the calls arrive whole in one JSON answer
  wholeToolCalls: true,
});
