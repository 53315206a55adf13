/** The registry's reference-run check for the 'exercism-cpp' shard (see registry-run.test-helpers.ts). */
import { describeReferenceRuns } from './registry-run.test-helpers.js';

await describeReferenceRuns('exercism-cpp');
