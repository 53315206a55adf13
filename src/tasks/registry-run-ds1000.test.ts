/** The registry's reference-run check for the 'ds1000' shard (see registry-run.test-helpers.ts). */
import { describeReferenceRuns } from './registry-run.test-helpers.js';

await describeReferenceRuns('ds1000');
