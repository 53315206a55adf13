/** The registry's reference-run check for the 'jvm' shard (see registry-run.test-helpers.ts). */
import { useTestArtifacts } from '../../test/helpers/test-artifacts.js';
import { describeReferenceRuns } from './registry-run.test-helpers.js';

// javac's and scalac's class-data archives, the batch compiler and the compiled programs outlive
// the run (verdicts do not: every program still runs), as in the 'rest' shard.
useTestArtifacts();
await describeReferenceRuns('jvm');
