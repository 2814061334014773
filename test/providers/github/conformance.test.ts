import t from 'tap';
import { definition } from '@manifold/provider-github';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'openai/gpt-4.1', basePath: '/inference' });
