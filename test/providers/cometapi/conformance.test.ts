import t from 'tap';
import { definition } from '@manifold/provider-cometapi';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'gpt-5-chat-latest' });
