import t from 'tap';
import { definition } from '@manifold/provider-search1api';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'deepseek-r1-online' });
