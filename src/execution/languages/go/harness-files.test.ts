import { describe, expect, it } from 'vitest';
import { RESULT_FD } from '../../worker/protocol.js';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { END_EVENT } from '../kit/process-runtime.js';
import { testMain } from './go.js';
import { goBatch } from './go-batch.js';

/** Go offline, with the toolchain on this machine (as go.ts builds). */
const GO_ENV = { GOPROXY: 'off', GOTOOLCHAIN: 'local', CGO_ENABLED: '0', GOFLAGS: '-mod=mod' };

/** Go's harness files, as programs receive them, pass `go vet`. */
describe('go harness files', () => {
  it('passk_main_test.go and guard.go pass go vet in a module, with a program beside them', async () => {
    const files = {
      'go.mod': 'module passkcheck\n\ngo 1.18\n',
      'program_test.go': 'package main\n\nimport "testing"\n\nfunc TestOne(t *testing.T) {}\n',
      'passk_main_test.go': harnessFile(import.meta.url, 'passk_main_test.go', {
        PACKAGE: 'main',
        GUARD: 'passkcheck/passkguard',
        TESTS: '\t\t{Name: "TestOne", F: TestOne},\n',
      }),
      'passkguard/guard.go': harnessFile(import.meta.url, 'guard.go', {
        RESULT_FD,
        NONCE_FD,
        END_EVENT,
      }),
    };
    await checkFiles(files, ['/usr/bin/go', 'vet', './...'], GO_ENV);
    expect(files['passk_main_test.go']).toMatch(/^package main\n/);
  });

  it("seed_test.go passes go vet in GOPATH mode, with Debian's testify", async () => {
    const files = { 'seed_test.go': harnessFile(import.meta.url, 'seed_test.go') };
    const env = { ...GO_ENV, GO111MODULE: 'off', GOPATH: '/usr/share/gocode', GOFLAGS: '' };
    await checkFiles(files, ['/usr/bin/go', 'vet', 'seed_test.go'], env);
  });

  it('batch_main_test.go and batch_member_tests.go pass go vet as a batch of two members (GOPATH mode)', async () => {
    const guard = harnessFile(import.meta.url, 'guard.go', { RESULT_FD, NONCE_FD, END_EVENT });
    const batch = goBatch({ build: [], env: {}, testMain: testMain('main'), guard });
    const members = ['passk_m0', 'passk_m1'];
    const fill = (line: string) => members.map((m) => line.replaceAll('{m}', m)).join('');
    const main = batch.main.replace('{items}', fill(batch.item)).replace('{arms}', fill(batch.arm));
    const program = 'package main\n\nimport "testing"\n\nfunc TestOne(t *testing.T) {}\n';
    const files: Record<string, string> = { ...batch.files, [batch.mainFile]: main };
    for (const m of members) Object.assign(files, batch.memberFiles(program, m));
    const env = { ...GO_ENV, GO111MODULE: 'off', GOPATH: '/usr/share/gocode', GOFLAGS: '' };
    await checkFiles(files, ['/usr/bin/go', 'vet', '.'], env);
    expect(files['passk_m1/passk_tests.go']).toMatch(/^package passk_m1\n/);
  });

  it.each(['harness-attack-linkname_test.go', 'harness-attack-test-flags_test.go'])(
    'the preflight canary canaries/%s parses (gofmt -e)',
    async (name) => {
      const text = harnessFile(import.meta.url, `canaries/${name}`);
      await checkFiles({ [name]: text }, ['/usr/bin/gofmt', '-e', '-l', name]);
      expect(text).toMatch(/^package main\n/);
    },
  );
});
