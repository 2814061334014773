import t from 'tap';
import { definition } from '@manifold/provider-higress';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'qwen-plus' });
