/**
 * McEval end to end (C, C++, Java, Tcl, Python, JavaScript, Racket): references through the real sandbox (C's tests compiled
 * apart from the candidate), and chat replies extracted as McEval does, right or wrong by choice.
 */
import { describe, expect, it } from 'vitest';
import { evaluateRows, problemsOf, runTask, taskServer } from '../helpers/task-runs.js';

const runAgainstTask = taskServer();
const run = async (name: string, extra: string[]) => (await runTask(name, extra)).metrics;
const runAgainst = async (...args: Parameters<typeof runAgainstTask>) =>
  (await runAgainstTask(...args)).metrics;

describe('mceval-c', () => {
  // C/31–C/40: C/35 compares string literals by address across the two translation units.
  it('reference solutions pass with the tests in their own translation unit', async () => {
    const metrics = await run('mceval-c', [
      '--model',
      'reference',
      '--limit-start',
      '30',
      '--limit',
      '10',
    ]);
    expect(metrics.statuses).toEqual({ passed: 10 });
  });

  it("chat: McEval's extraction (fenced code, its includes hoisted, its own main dropped) is judged", async () => {
    const metrics = await runAgainst(
      'mceval-c',
      (p, { choice }) => {
        const code = choice === 0 ? String(p.reference) : `${p.datasetPrompt}\n{ return 0; }`;
        return `Here it is:\n\`\`\`c\n#include <stdio.h>\n${code}\nint main() {\n    printf("hi");\n    return 0;\n}\n\`\`\`\n`;
      },
      ['--chat', '--limit', '3', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics['mceval-c']).toEqual({ 'pass@1': 0.5 });
  });
});

describe('mceval-cpp', () => {
  // The first C++ program of a run builds the precompiled <bits/stdc++.h> the prompts include.
  it("chat: McEval's extraction (fenced code, its own main dropped) is judged with the tests apart", async () => {
    const metrics = await runAgainst(
      'mceval-cpp',
      (p, { choice }) => {
        const wrong = `${p.meta['signature']} { throw 0; }`;
        const code = choice === 0 ? String(p.reference) : wrong;
        return `Here:\n\`\`\`cpp\n${code}\nint main() {\n    return 0;\n}\n\`\`\`\n`;
      },
      ['--chat', '--limit', '3', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics['mceval-cpp']).toEqual({ 'pass@1': 0.5 });
  }, 180_000);
});

describe('mceval-java', () => {
  it("chat: McEval's Java extraction (the reply's class and main dropped, the prompt's class kept open) is judged", async () => {
    const metrics = await runAgainst(
      'mceval-java',
      (p, { choice }) => {
        const body = String(p.reference).slice(p.datasetPrompt.length);
        const method =
          choice === 0
            ? `${p.meta['signature']}${body}`
            : `${p.meta['signature']} { throw new IllegalStateException(); }`;
        const main = 'public static void main(String[] args) {\n    System.exit(0);\n}';
        return `Sure:\n\`\`\`java\nimport java.util.*;\npublic class Solution {\n${method}\n${main}\n}\n\`\`\`\n`;
      },
      ['--chat', '--limit', '3', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics['mceval-java']).toEqual({ 'pass@1': 0.5 });
  }, 180_000);
});

describe('mceval-tcl', () => {
  it('reference solutions pass under tclsh with the guard on', async () => {
    const metrics = await run('mceval-tcl', ['--model', 'reference', '--limit', '5']);
    expect(metrics.statuses).toEqual({ passed: 5 });
  });

  it("chat: McEval's Tcl extraction (the entry point's proc from a fence, puts lines dropped) is judged", async () => {
    const metrics = await runAgainst(
      'mceval-tcl',
      (p, { choice }) => {
        const right = String(p.reference).replace('{\n', '{\nputs "debug"\n');
        const wrong = `${p.datasetPrompt}\nreturn 0\n}`;
        return `Sure:\n\`\`\`tcl\n${choice === 0 ? right : wrong}\n\`\`\`\nDone.`;
      },
      ['--chat', '--limit', '3', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics['mceval-tcl']).toEqual({ 'pass@1': 0.5 });
  });
});

describe('mceval-python', () => {
  it('reference solutions pass under python', async () => {
    const metrics = await run('mceval-python', ['--model', 'reference', '--limit', '3']);
    expect(metrics.statuses).toEqual({ passed: 3 });
  });

  it("chat: McEval's Python extraction (fenced def, print lines dropped) is judged", async () => {
    const metrics = await runAgainst(
      'mceval-python',
      (p, { choice }) => {
        const body = String(p.reference).slice(p.datasetPrompt.length);
        // McEval drops every line holding `print`, so the undefined name never runs.
        const right = `${p.meta['signature']}\n    print(undefined_debug)${body}`;
        const wrong = `${p.meta['signature']}\n    return None`;
        return `Sure:\n\`\`\`python\n${choice === 0 ? right : wrong}\n\`\`\`\nDone.`;
      },
      ['--chat', '--limit', '3', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics['mceval-python']).toEqual({ 'pass@1': 0.5 });
  });
});

describe("McEval's result file (its README's evaluation format)", () => {
  it("reads each row's raw_generation as a chat reply, through McEval's extraction", async () => {
    const problems = (await problemsOf('mceval-python')).slice(0, 2);
    // a row as McEval's inference writes it: the dataset row plus the replies
    const rows = problems.map((p) => {
      const body = String(p.reference).slice(p.datasetPrompt.length);
      const right = `\`\`\`python\n${p.meta['signature']}\n    print(undefined_debug)${body}\n\`\`\``;
      const wrong = `\`\`\`python\n${p.meta['signature']}\n    return None\n\`\`\``;
      return { task_id: p.id, prompt: p.datasetPrompt, raw_generation: [right, wrong] };
    });
    const all = await evaluateRows('mceval-python', rows, ['--limit', '2']);
    expect(all.metrics['mceval-python']).toEqual({ 'pass@1': 0.5 });
    const first = await evaluateRows('mceval-python', rows, ['--limit', '2', '--n-samples', '1']);
    expect(first.metrics['mceval-python']).toEqual({ 'pass@1': 1 });
  });
});

describe('mceval-javascript', () => {
  it('reference solutions pass under node', async () => {
    const metrics = await run('mceval-javascript', ['--model', 'reference', '--limit', '3']);
    expect(metrics.statuses).toEqual({ passed: 3 });
  });

  it("chat: McEval's extraction (fenced code, console.log calls dropped) is judged, console.assert failing", async () => {
    const metrics = await runAgainst(
      'mceval-javascript',
      (p, { choice }) => {
        // The prompt's last line is the function's head (JavaScript/3's goes past its signature).
        const head = p.datasetPrompt.split('\n').at(-1);
        const body = String(p.reference).slice(p.datasetPrompt.length);
        // McEval drops every console.log call, so the undefined name is never read.
        const right = `${head}${body}\nconsole.log(undefinedDebug);`;
        const wrong = `${p.meta['signature']} { return undefined; }`;
        return `Sure:\n\`\`\`javascript\n${choice === 0 ? right : wrong}\n\`\`\`\nDone.`;
      },
      ['--chat', '--limit', '3', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics['mceval-javascript']).toEqual({ 'pass@1': 0.5 });
  });
});

describe('mceval-racket', () => {
  it("chat: McEval's Racket extraction is judged, a failed rackunit check failing the run", async () => {
    const metrics = await runAgainst(
      'mceval-racket',
      (p, { choice }) => {
        // The reference is the row's prompt (`#lang racket`, rackunit) and its solution.
        const wrong = `${p.datasetPrompt} #f)`;
        return `Here:\n\`\`\`racket\n${choice === 0 ? String(p.reference) : wrong}\n\`\`\`\n`;
      },
      ['--chat', '--limit', '2', '--n-samples', '2', '--k', '1'],
    );
    expect(metrics['mceval-racket']).toEqual({ 'pass@1': 0.5 });
  });
});
