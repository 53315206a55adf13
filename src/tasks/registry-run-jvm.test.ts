/** The registry's reference-run check for the 'jvm' shard (see registry-run.test-helpers.ts). */
import { describeReferenceRuns } from './registry-run.test-helpers.js';

await describeReferenceRuns('jvm');
