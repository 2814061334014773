// Two gateways behind nginx on Redis and PostgreSQL (issue 18): the checks are in suite.ts, run
// only where Debian's redis-server, nginx and PostgreSQL 15 are installed (.ci/run installs them).
import t from 'tap';
import { clusterMissing } from '../helpers/cluster.js';
import { postgresMissing } from '../helpers/postgres.js';

const missing = clusterMissing || postgresMissing;
if (missing) t.plan(0, missing);
else await import('./suite.js');
