/** The self-contained HTML report (`passk report`) and the headline numbers `passk show` prints. */
export {
  type Breakdown,
  type CurvePoint,
  curveKs,
  failureBreakdown,
  passAtKCurve,
  problemTallies,
} from './analysis.js';
export { escapeHtml, jsonForScript } from './escape.js';
export { formatScore, type Headline, headline, reportedKs } from './headline.js';
export {
  defaultIntervals,
  type Interval,
  type IntervalFn,
  noIntervals,
} from './intervals.js';
export { type RenderOptions, renderReport, runLabels } from './render.js';
