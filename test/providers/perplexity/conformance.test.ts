import t from 'tap';
import { definition } from '@manifold/provider-perplexity';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'sonar', basePath: '' });
