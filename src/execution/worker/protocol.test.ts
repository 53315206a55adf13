/**
 * Both sides read one table: the Python worker's protocol.py and the exercise runner as shipped
 * (exercism_run.py, filled in by withProtocolTable) hold exactly protocol.ts's numbers.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RuntimeMissingError } from '../../core/errors.js';
import { pythonSupportDir } from '../languages/kit/worker-host.js';
import { NONCE_FD, PROTOCOL, RESULT_FD, TAMPER_STATUS, withProtocolTable } from './protocol.js';

/** Runs `script` with the worker's folder on sys.path; its stdout as JSON. */
function python(script: string, input?: string): unknown {
  const prelude = `import json, sys\nsys.path.insert(0, ${JSON.stringify(pythonSupportDir())})\n`;
  const out = execFileSync('/usr/bin/python3', ['-I', '-S', '-c', prelude + script], {
    encoding: 'utf8',
    ...(input === undefined ? {} : { input }),
  });
  return JSON.parse(out);
}

describe('the worker protocol table', () => {
  it('is what the Python worker reads at start-up (protocol.py)', () => {
    const seen = python(
      'import protocol, runner, fork_run, exec_worker, function_server, judge_pair\n' +
        'print(json.dumps({"table": protocol._TABLE, "result": runner.RESULT_FD, "tamper": runner.TAMPER_STATUS,\n' +
        '  "marker": runner.TESTS_MARKER, "setup": fork_run.SETUP_FD, "nonce": exec_worker.NONCE_FD,\n' +
        '  "request": function_server.REQUEST_FD, "serverSetup": judge_pair.SERVER_SETUP_FD}))\n',
    );
    expect(seen).toEqual({
      table: PROTOCOL,
      result: RESULT_FD,
      tamper: TAMPER_STATUS,
      marker: PROTOCOL.markers.testsStart,
      setup: PROTOCOL.fds.setup,
      nonce: NONCE_FD,
      request: PROTOCOL.fds.judgeRequest,
      serverSetup: PROTOCOL.fds.serverSetup,
    });
  });

  it('is written into the exercise runner as it is shipped, away from the worker folder', () => {
    const raw = readFileSync(join(pythonSupportDir(), 'exercism_run.py'), 'utf8');
    const shipped = withProtocolTable(raw);
    const line = shipped.split('\n').find((l) => l.startsWith('PROTOCOL = '))!;
    // Evaluated by Python itself: the JSON text is a Python literal with the same values.
    const names = `${line}\nNONCE_FD = PROTOCOL["fds"]["nonce"]\nRESULT_FD = PROTOCOL["fds"]["result"]\n`;
    const seen = python(
      `exec(sys.stdin.read(), g := {})\nprint(json.dumps([g["PROTOCOL"], g["NONCE_FD"], g["RESULT_FD"]]))\n`,
      names,
    );
    expect(seen).toEqual([PROTOCOL, NONCE_FD, RESULT_FD]);
    expect(shipped).not.toContain('\nPROTOCOL = {}\n');
    expect(() => withProtocolTable('import os\n')).toThrow(RuntimeMissingError);
  });
});
