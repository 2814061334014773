import t from 'tap';
import { definition } from '@manifold/provider-xai';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'grok-4-fast-non-reasoning' });
