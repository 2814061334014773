import t from 'tap';
import { definition } from '@manifold/provider-ai302';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'gpt-4o' });
