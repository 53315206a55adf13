import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExecPlan } from '../../worker/protocol.js';
import { withProtocolTable } from '../../worker/protocol.js';
import { diagnoseWith, exercismCanaries, versionOf } from '../kit/exercism-kit.js';
import { defineProcessRuntime } from '../kit/process-runtime.js';
import { pythonSupportDir } from '../kit/worker-host.js';
import { reviewPython } from './python.js';

/**
 * Runs every `*_test.py` with unittest and writes the end event only after the runner returned
 * with every test passed (a candidate's os._exit(0) at import never gets there); see
 * worker/exercism_run.py for what it refuses and checks. Read once, when first planned.
 */
let pyRunner: string | undefined;
function exercismPythonRunner(): string {
  pyRunner ??= withProtocolTable(readFileSync(join(pythonSupportDir(), 'exercism_run.py'), 'utf8'));
  return pyRunner;
}

export const exercismPython = defineProcessRuntime({
  language: 'exercism-python',
  ...versionOf('/usr/bin/python3', '/usr/bin/python3 --version'),
  debianPackages: 'python3',
  canaries: exercismCanaries(import.meta.url),
  planFiles(exercise): ExecPlan {
    const files = { ...exercise, 'passk_run.py': exercismPythonRunner() };
    return {
      files,
      run: {
        argv: ['/usr/bin/python3', '-I', '-B', 'passk_run.py'],
        env: { PYTHONDONTWRITEBYTECODE: '1' },
      },
    };
  },
  diagnose: diagnoseWith(/^(FAIL|ERROR): |FAILED \(/m),
  // exercism_run.py ends with runner.py's tamper status when the result fd was replaced at the end event.
  review: reviewPython,
});
