import t from 'tap';
import { definition } from '@manifold/provider-mistral';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'mistral-small-latest' });
