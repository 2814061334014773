import t from 'tap';
import { definition } from '@manifold/provider-jina';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'jina-deepsearch-v1' });
