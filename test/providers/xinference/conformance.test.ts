import t from 'tap';
import { definition } from '@manifold/provider-xinference';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'qwen3' });
