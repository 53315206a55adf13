import { earliestStop, StreamingStopDetector } from '../../postprocess/stop.js';
import { RetryableRequestError } from '../errors.js';
import type { Completion } from '../types.js';
import {
  bodyError,
  choiceText,
  errorOfFinish,
  isChoiceIndex,
  parseWire,
  type WireBody,
  wireError,
} from './protocol.js';
import { sseData } from './sse.js';

/** Per-choice state while a stream is read. */
class ChoiceState {
  readonly detector: StreamingStopDetector;
  deltas = 0;
  /** Deltas of `reasoning_content` (DeepSeek-R1, QwQ on vLLM): counted apart, not code. */
  reasoningDeltas = 0;
  finishReason: string | undefined;
  stoppedEarlyBy: string | undefined;
  /** The server sent this choice's finish_reason (not just our own early stop). */
  serverFinished = false;

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
  /**
   * Called on every whole event received (the idle timeout is reset there). Not on bytes:
   * keep-alive comments, or bytes trickled without ever completing an event, are no progress.
   */
  onProgress?: () => void;
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
  const events = sseData(body);
  let next = await events.next();
  for (; !next.done; next = await events.next()) {
    options.onProgress?.();
    const chunk = parseWire(next.value, options.url);
    const error = wireError(chunk);
    // vLLM/SGLang: `data: {"error": …}` then [DONE]; the text so far is not a finished sample.
    if (error !== undefined) throw bodyError(error, options.url, 'sent an error event mid-stream');
    serverModel ??= chunk.model;
    if (chunk.usage) usage = chunk.usage;
    for (const choice of chunk.choices ?? []) {
      const state = stateOf(states, choice.index ?? 0, options);
      if (choice.finish_reason && state.serverFinished && options.n > 1) {
        // two choices sent under one index: their deltas were interleaved into one text
        throw new RetryableRequestError(
          `${options.url} finished choice ${choice.index ?? 0} twice (choices share an index)`,
          { reason: 'malformed' },
        );
      }
      if (choice.finish_reason) state.serverFinished = true;
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

/** The state of choice `index`, created on its first chunk; an index outside [0, n) is refused. */
function stateOf(
  states: Map<number, ChoiceState>,
  index: number,
  options: StreamOptions,
): ChoiceState {
  const known = states.get(index);
  if (known) return known;
  if (!isChoiceIndex(index, options.n)) {
    throw new RetryableRequestError(
      `${options.url} streamed choice index ${JSON.stringify(index)} (asked for n=${options.n})`,
      { reason: 'malformed' },
    );
  }
  const state = new ChoiceState(options.stops);
  states.set(index, state);
  return state;
}

function finish(
  states: Map<number, ChoiceState>,
  options: StreamOptions,
  endedCleanly: boolean,
  usage: WireBody['usage'],
  serverModel: string | undefined,
): Completion[] {
  const ordered = [...states.entries()].sort(([a], [b]) => a - b).map(([, state]) => state);
  if (ordered.length === 0) {
    throw new RetryableRequestError(`${options.url} streamed no choices`, { reason: 'no-choices' });
  }
  const finishError = ordered
    .map((state) => errorOfFinish(state.finishReason, options.url))
    .find((error) => error !== undefined);
  if (finishError) throw finishError;
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
