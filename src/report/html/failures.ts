import type { RunRecord } from '../../store/records.js';
import { escapeHtml } from './escape.js';

interface MessageGroup {
  message: string;
  count: number;
  problems: Set<string>;
}

/** Messages differ by numbers and quoted values; the first line, cut, groups them well enough. */
function messageKey(message: string | undefined): string {
  const first = (message ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
  return first.trim().slice(0, 160) || '(no message)';
}

/**
 * Per failure kind (error type, else status), most common first: how many samples, and their
 * most common messages with counts and a few problem ids, so "AssertionError 812" opens to what
 * actually went wrong. Messages are untrusted program output: escaped like everything else.
 */
export function failureMessagesHtml(run: RunRecord, maxKinds = 12, maxMessages = 5): string {
  const kinds = new Map<string, { count: number; messages: Map<string, MessageGroup> }>();
  for (const s of run.samples) {
    const v = s.verdict;
    if (v === undefined || v.status === 'passed') continue;
    const kind = v.errorType ?? v.status;
    const entry = kinds.get(kind) ?? { count: 0, messages: new Map() };
    entry.count++;
    const key = messageKey(v.message);
    const group = entry.messages.get(key) ?? { message: key, count: 0, problems: new Set() };
    group.count++;
    group.problems.add(s.problemId);
    entry.messages.set(key, group);
    kinds.set(kind, entry);
  }
  if (kinds.size === 0) return '<p class="muted">No failures.</p>';
  const sorted = [...kinds].sort((a, b) => b[1].count - a[1].count).slice(0, maxKinds);
  const blocks = sorted.map(([kind, entry]) => {
    const groups = [...entry.messages.values()].sort((a, b) => b.count - a.count);
    const items = groups.slice(0, maxMessages).map((g) => {
      const ids = [...g.problems];
      const shown =
        ids.slice(0, 4).join(', ') + (ids.length > 4 ? `, … ${ids.length - 4} more` : '');
      return `<li><span class="count">${g.count}×</span> <code>${escapeHtml(g.message)}</code> <span class="muted">${escapeHtml(shown)}</span></li>`;
    });
    const more =
      groups.length > maxMessages
        ? `<li class="muted">… ${groups.length - maxMessages} other messages</li>`
        : '';
    return `<details class="failure-kind"><summary><strong class="mono">${escapeHtml(kind)}</strong> <span class="muted">${entry.count} samples, ${groups.length} distinct message${groups.length === 1 ? '' : 's'}</span></summary><ul class="messages">${items.join('')}${more}</ul></details>`;
  });
  return blocks.join('');
}
