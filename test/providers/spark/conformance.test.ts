import t from 'tap';
import { definition } from '@manifold/provider-spark';
import { compatConformance } from '../../conformance/compat-target.js';

void compatConformance(t, definition, {
  model: 'generalv3.5',
  notExpressible: {
    citations: 'Spark marks search sources inline in the text; its chunks carry no citation list',
  },
});
