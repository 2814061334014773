import t from 'tap';
import { definition } from '@manifold/provider-baichuan';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, { model: 'Baichuan4-Turbo' });
