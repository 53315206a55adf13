/** The registry's reference-run check for the 'exercism-cpp' shard (see registry-run.test-helpers.ts). */
import { useTestArtifacts } from '../../test/helpers/test-artifacts.js';
import { describeReferenceRuns } from './registry-run.test-helpers.js';

useTestArtifacts();
await describeReferenceRuns('exercism-cpp');
