import t from 'tap';
import { definition } from '@manifold/provider-vercelaigateway';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'openai/gpt-5' });
