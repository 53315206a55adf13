import { earliestStop, StreamingStopDetector } from '../../postprocess/stop.js';
import { RetryableRequestError } from '../errors.js';
import type { Completion } from '../types.js';
import { choiceText, isFailedFinish, parseWire, type WireBody, wireError } from './protocol.js';
import { sseData } from './sse.js';

/** Per-choice state while a stream is read. */
class ChoiceState {
  readonly detector: StreamingStopDetector;
  deltas = 0;
  /** Deltas of `reasoning_content` (DeepSeek-R1, QwQ on vLLM): counted apart, not code. */
  reasoningDeltas = 0;
  finishReason: string | undefined;
  stoppedEarlyBy: string | undefined;

  constructor(stops: readonly string[]) {
    this.detector = new StreamingStopDetector(stops);
  }

  get done(): boolean {
    return this.finishReason !== undefined;
  }
}

export interface StreamOptions {
  url: string;
  /** Choices asked for; the stream is abandoned once this many are done. */
  n: number;
  stops: readonly string[];
  maxNewTokens: number;
  /** Closes the connection: called once every choice has stopped. */
  abandon: () => void;
  /** Called on every chunk of bytes received (the idle timeout is reset there). */
  onBytes?: () => void;
}

/** The body, telling `onBytes` about each chunk as it arrives. */
async function* watched(
  body: AsyncIterable<Uint8Array>,
  onBytes: () => void,
): AsyncGenerator<Uint8Array> {
  for await (const bytes of body) {
    onBytes();
    yield bytes;
  }
}

/**
 * Reads an SSE stream of completion or chat chunks. Each choice stops on its own as soon as a
 * stop sequence appears in its own text (later deltas for it are ignored); when every choice
 * is done the connection is abandoned instead of read to the end, so the server stops
 * generating. Tokens saved by an early stop are estimated as max_new_tokens minus the deltas
 * received for that choice (servers send about one token per delta): an upper bound, since the
 * sample might otherwise have ended sooner.
 */
export async function completionsFromStream(
  body: AsyncIterable<Uint8Array>,
  options: StreamOptions,
): Promise<Completion[]> {
  const states = new Map<number, ChoiceState>();
  let usage: WireBody['usage'];
  let serverModel: string | undefined;
  const events = sseData(options.onBytes ? watched(body, options.onBytes) : body);
  let next = await events.next();
  for (; !next.done; next = await events.next()) {
    const chunk = parseWire(next.value, options.url);
    const error = wireError(chunk);
    if (error !== undefined) {
      // vLLM/SGLang: `data: {"error": …}` then [DONE]; the text so far is not a finished sample.
      throw new RetryableRequestError(`${options.url} sent an error event mid-stream: ${error}`, {
        reason: 'error-event',
      });
    }
    serverModel ??= chunk.model;
    if (chunk.usage) usage = chunk.usage;
    for (const choice of chunk.choices ?? []) {
      const index = choice.index ?? 0;
      const state = states.get(index) ?? new ChoiceState(options.stops);
      states.set(index, state);
      if (state.done) continue;
      const delta = choiceText(choice);
      if (delta !== '') state.deltas++;
      else if (choice.delta?.reasoning_content) state.reasoningDeltas++;
      if (state.detector.push(delta) !== undefined) {
        state.finishReason = 'stop';
        state.stoppedEarlyBy = stopAt(state.detector.received, options.stops);
      } else if (choice.finish_reason) {
        state.finishReason = choice.finish_reason;
      }
    }
    if (states.size >= options.n && [...states.values()].every((s) => s.done)) {
      if ([...states.values()].some((s) => s.stoppedEarlyBy !== undefined)) {
        options.abandon();
        await events.return(false).catch(() => undefined);
        break;
      }
    }
  }
  const endedCleanly = next.done === true && next.value === true;
  return finish(states, options, endedCleanly, usage, serverModel);
}

function finish(
  states: Map<number, ChoiceState>,
  options: StreamOptions,
  endedCleanly: boolean,
  usage: WireBody['usage'],
  serverModel: string | undefined,
): Completion[] {
  const ordered = [...states.entries()].sort(([a], [b]) => a - b).map(([, state]) => state);
  if (ordered.length === 0) throw new RetryableRequestError(`${options.url} streamed no choices`);
  const failed = ordered.find((state) => isFailedFinish(state.finishReason));
  if (failed) {
    throw new RetryableRequestError(
      `${options.url} ended a choice with finish_reason '${failed.finishReason}'`,
      { reason: 'error-event' },
    );
  }
  // A choice without a finish reason was cut off: with [DONE] the server ended it (an error it
  // did not report), without [DONE] the connection broke. Either way a failed attempt.
  if (ordered.some((state) => !state.done)) {
    throw endedCleanly
      ? new RetryableRequestError(`${options.url}: stream ended without a finish_reason`, {
          reason: 'no-finish-reason',
        })
      : new RetryableRequestError(`${options.url}: stream ended before the completion did`, {
          reason: 'torn-stream',
        });
  }
  const singleUsage = ordered.length === 1 && usage?.completion_tokens !== undefined;
  const reasoningUsage = usage?.completion_tokens_details?.reasoning_tokens;
  return ordered.map((state) => ({
    text: state.detector.received,
    finishReason: state.finishReason!,
    ...(usage?.prompt_tokens === undefined ? {} : { tokensIn: usage.prompt_tokens }),
    tokensOut: singleUsage
      ? (usage?.completion_tokens ?? state.deltas)
      : state.deltas + state.reasoningDeltas,
    ...(singleUsage && reasoningUsage !== undefined
      ? { reasoningTokens: reasoningUsage }
      : state.reasoningDeltas > 0
        ? { reasoningTokens: state.reasoningDeltas }
        : {}),
    ...(state.stoppedEarlyBy === undefined
      ? {}
      : {
          stoppedEarlyBy: state.stoppedEarlyBy,
          tokensSaved: Math.max(0, options.maxNewTokens - state.deltas),
        }),
    ...(serverModel === undefined ? {} : { serverModel }),
  }));
}

/** Which stop sequence sits at the earliest stop position. */
function stopAt(text: string, stops: readonly string[]): string | undefined {
  const at = earliestStop(text, stops);
  return stops.find((stop) => stop !== '' && text.startsWith(stop, at));
}
