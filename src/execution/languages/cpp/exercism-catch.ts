import type { BatchStep, ExecPlan, ResolvedLimits } from '../../worker/protocol.js';
import { compileStep } from '../kit/compiled-plan.js';
import { harnessFile } from '../kit/harness-template.js';
import { artifactKey, compileLimits } from '../kit/process-runtime.js';

/**
 * How an Exercism C++ exercise is built. Exercism's CMakeLists (CMAKE_BUILD_TYPE Debug, CXX_STANDARD
 * 17 without extensions, EXERCISM_RUN_ALL_TESTS as Aider configures it) makes CMake 3.25 with g++
 * 12 run `c++ -DEXERCISM_RUN_ALL_TESTS -g -Wall -Wextra -Wpedantic -Werror -std=c++17 -c FILE`
 * per source (no include dirs) and link with no other flag. The same here (a warning in the
 * candidate's code fails the build, as under Aider's cmake), without
 * `-g`: GCC's debug information never changes the code it generates (its -fcompare-debug
 *   checks exactly that), so no test can see it; it cost ~15% more compile time per exercise and
 *   made each binary 2.7 times larger (7.8 MB, kept in the artifact cache).
 */
export const EXERCISM_CXXFLAGS = [
  '-std=c++17',
  '-DEXERCISM_RUN_ALL_TESTS',
  '-Wall',
  '-Wextra',
  '-Wpedantic',
  '-Werror',
] as const;

/** Exercism's Catch: `test/tests-main.cpp` (CATCH_CONFIG_MAIN) over its single header. */
const CATCH_MAIN = 'test/tests-main.cpp';
const CATCH_HEADER = 'test/catch.hpp';
/** passk's end-event wrapper around `main` (cpp.ts's WRAPPER). */
const WRAPPER = 'passk_main.cpp';
/** The objects the shared step makes (g++ -c names them after their sources, in its cwd). */
const OBJECTS = ['tests-main.o', 'passk_main.o'];

const GXX = '/usr/bin/g++';

/**
 * The compile of one exercise. With `shared` (the folder of the shared step's objects, as the
 * compile step spells it): the objects are copied from there into the scratch dir and linked,
 * so only the exercise's own sources are compiled; when they cannot be copied (no artifact cache,
 * the shared build failed, or its entry was evicted meanwhile), everything is compiled here, as
 * without it. Both ways run g++ with the same flags on the same files: the same program. The
 * wrapper comes first on the link line, so its .preinit_array entry (which takes the nonce) runs
 * before any entry of the exercise's (one that ran first read the nonce: redteam).
 */
const COMPILE_SCRIPT = harnessFile(import.meta.url, 'catch_compile.sh', { WRAPPER, CATCH_MAIN });

/**
 * Compile and batch steps for an exercise (files: the exercise's, with passk's WRAPPER). Catch's
 * main is one big translation unit (~7 s of g++ at -O0) that every exercise ships byte for byte
 * the same; it is compiled once per artifact cache, by the first program that needs it, in the
 * sandbox like any compile (a `batch` step with no members: the worker builds it under a lock on
 * its cache shard, so the other slots wait for it instead of building it too). Its key is the
 * content of the files it is built from, so a candidate's own catch.hpp (the aider task never
 * lets one through) only ever shares an object built from those same bytes. Each exercise then
 * compiles its own sources and links the two objects. Not built on the host as cpp-support.ts's
 * wrapper is: the host compiles only passk's own files, and here the runtime cannot tell the
 * dataset's catch.hpp from one a program brings.
 */
export function catchPlan(
  files: Record<string, string>,
  version: string,
  limits: ResolvedLimits,
): Pick<ExecPlan, 'compile' | 'batch'> {
  // passk's wrapper first: see COMPILE_SCRIPT
  const sources = Object.keys(files)
    .filter((f) => f.endsWith('.cpp'))
    .sort((a, b) => Number(b === WRAPPER) - Number(a === WRAPPER));
  const link = ['-Wl,--wrap=main'];
  const main = files[CATCH_MAIN];
  const header = files[CATCH_HEADER];
  // Catch's main compiled alone needs no more time than a whole exercise (180 s under load).
  const stepLimits = compileLimits(limits, 180_000);
  if (main === undefined || header === undefined) {
    // Not an Exercism Catch layout (the preflight's canaries): every source in one g++ run.
    const argv = [GXX, ...EXERCISM_CXXFLAGS, ...link, ...sources, '-o', 'program'];
    return { compile: compileStep(version, argv, files, stepLimits) };
  }
  const batch = sharedStep(
    { [CATCH_MAIN]: main, [CATCH_HEADER]: header, [WRAPPER]: files[WRAPPER] ?? '' },
    version,
    stepLimits,
  );
  const own = sources.filter((f) => f !== CATCH_MAIN && f !== WRAPPER);
  // {cache}/<key[:2]>/<key>: where artifact_cache.py keeps the shared step's outputs.
  const shared = `{cache}/${batch.key.slice(0, 2)}/${batch.key}`;
  const argv = [
    '/bin/sh',
    '-c',
    COMPILE_SCRIPT,
    'sh',
    shared,
    GXX,
    ...EXERCISM_CXXFLAGS,
    ...link,
    ...own,
  ];
  return { compile: compileStep(version, argv, files, stepLimits), batch };
}

/**
 * Compiles Catch's main and the wrapper to objects. No program is a member (its `members` file is
 * empty): the worker then runs each program's own compile step, which links these objects.
 */
function sharedStep(
  files: Record<string, string>,
  version: string,
  limits: ResolvedLimits,
): BatchStep {
  const argv = [
    '/bin/sh',
    '-c',
    `"$@" && : > members`,
    'sh',
    GXX,
    ...EXERCISM_CXXFLAGS,
    '-c',
    CATCH_MAIN,
    WRAPPER,
  ];
  return {
    key: artifactKey(version, argv, files),
    files,
    argv,
    outputs: [...OBJECTS, 'members'],
    limits,
    member: 'none',
    run: { argv: ['/bin/false'] },
  };
}
