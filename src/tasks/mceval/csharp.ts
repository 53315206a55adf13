import { mcevalCsharpCode } from './extract-csharp.js';
import { mcevalTestsMarker } from './marker.js';
import { mcevalTask } from './rows.js';

/**
 * The global usings of McEval's C# project (`<ImplicitUsings>enable</ImplicitUsings>`, .NET 8),
 * which Mono's mcs does not add: without them an answer that uses LINQ or List<T> without its own
 * `using` compiles in McEval and not here. System.Net.Http is left out: mcs does not reference
 * its assembly, and no row needs it. A `using` given twice is only a warning.
 */
const IMPLICIT_USINGS = [
  'System',
  'System.Collections.Generic',
  'System.IO',
  'System.Linq',
  'System.Threading',
  'System.Threading.Tasks',
]
  .map((name) => `using ${name};`)
  .join('\n');

/**
 * McEval's C# generation tasks (MCEVAL/McEval @ 09dec12): chat gets the row's `instruction`;
 * the reply goes through McEval's C# extraction (extract-csharp.ts: the row's prompt, then the
 * reply's code from its first `{`, the class left open), the row's test follows (a `Main` of
 * `Debug.Assert`s in the prompt's class, and the class's last `}`), and the program passes when
 * it compiles and `Main` returns within 30 s. McEval's `time_limit(30)` for C# never fires: its
 * safe_subprocess.run kills `dotnet run` at its default 15 s (exit -1, a failure), so a build and
 * run of 15-30 s passes here and fails there. Completion mode extracts from the prompt + completion.
 */
export const mcevalCsharp = mcevalTask({
  language: 'csharp',
  dataName: 'C#',
  sha256: '4a22df1e90e7c9909a47ba4070c3c32d520cac8d66de3d739fee64e8714752cf',
  description:
    "McEval C# (50 problems): the instruction as the chat message, McEval's C# extraction, its Debug.Assert tests",
  timeoutMs: 30_000,
  // A base model continuing the method stops before writing its own Main.
  stopSequences: ['\n```', '\n    static void Main', '\nstatic void Main'],
  extract: (problem, text) =>
    mcevalCsharpCode(text, { prompt: problem.datasetPrompt, entryPoint: problem.entryPoint ?? '' }),
  program: (problem, code) => ({
    language: 'csharp',
    source: `${IMPLICIT_USINGS}\n${code}\n${mcevalTestsMarker('csharp', problem)}\n${tupleEqualsAsEquals(launchable(problem.meta.test))}`,
  }),
});

/**
 * The tests' `static void Main()`, private and without parameters, as the `Main(string[] args)`
 * passk's C# launcher calls from its own class (csharp.ts): `public`, with the parameter it
 * passes. What the tests run is unchanged.
 */
function launchable(test: string): string {
  return test.replace(
    /(?<![\w.])(?:public\s+)?static\s+void\s+Main\s*\(\s*\)/,
    'public static void Main(string[] args)',
  );
}

/**
 * Mono's mcs has no tuple `==` (C# 7.3), which four rows' asserts use (C#/31, /32, /49, /50:
 * `Debug.Assert(F(…) == (50, 12421));`): such an assert is run as `(F(…)).Equals((50, 12421))`,
 * the same element-wise comparison for their ints and strings.
 */
function tupleEqualsAsEquals(test: string): string {
  return test.replace(
    /Debug\.Assert\((.*?)\s*==\s*(\([^()\n]*,[^()\n]*\))\);/g,
    'Debug.Assert(($1).Equals($2));',
  );
}
