// `npm run search:tune`: searches the ranking's weights (lib/search/ranking-weights.ts) by coordinate ascent on the
// queries the ranking may be tuned on (the first relevance set and the partners' tuning set), and prints, beside each
// step, the figures of the development set (whose misses nobody reads) and of the held-out set. It changes no file:
// the weights it ends on are printed, to be copied into RANKING with the figures in the commit, and only when the
// development set agrees. Run with the react-server condition, as lib/search/site.ts reads the content through
// server-only modules.
import { SearchEngine } from '../lib/search/engine';
import { PARTNER_DEV_SET } from '../lib/search/fixtures/partner-dev';
import { PARTNER_HELD_OUT_SET, PARTNER_TUNING_SET } from '../lib/search/fixtures/partner-queries';
import { RELEVANCE_SET } from '../lib/search/fixtures/relevance-set';
import { RANKING, type RankingWeights } from '../lib/search/ranking-weights';
import {
  measureRelevance,
  withErrorReference,
  type RelevanceFigures,
  type RelevanceQuery,
} from '../lib/search/relevance';
import { getSitePassages, getSiteSearchIndex } from '../lib/search/site';
import { runMain } from '../lib/build/run-main';

/** One weight the ascent moves: where it is in RANKING, and the values it tries. */
interface Knob {
  name: string;
  get: (weights: RankingWeights) => number;
  set: (weights: RankingWeights, value: number) => void;
  values: readonly number[];
}

const knob = (name: string, path: readonly string[], values: readonly number[]): Knob => ({
  name,
  get: (weights) => path.reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], weights) as number,
  set: (weights, value) => {
    const holder = path.slice(0, -1).reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], weights);
    (holder as Record<string, number>)[path.at(-1) as string] = value;
  },
  values,
});

const SHARES = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
const KNOBS: Knob[] = [
  knob('kind.schema', ['kind', 'schema'], SHARES),
  knob('kind.type', ['kind', 'type'], SHARES),
  knob('kind.sdk', ['kind', 'sdk'], SHARES),
  knob('question.api', ['question', 'api'], SHARES),
  knob('question.schema', ['question', 'schema'], SHARES),
  knob('question.type', ['question', 'type'], SHARES),
  knob('errorSection', ['errorSection'], SHARES),
  knob('focus', ['focus'], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8]),
  knob('phrase', ['phrase'], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8]),
  knob('titleRunShare', ['titleRunShare'], [0.5, 0.6, 0.75, 0.9, 1.01]),
  knob('pageRecord', ['pageRecord'], [0, 0.05, 0.1, 0.2]),
  knob('pageSummary', ['pageSummary'], [0.4, 0.5, 0.6, 0.7, 0.8, 1]),
  knob('softTerm', ['softTerm'], [0.1, 0.2, 0.3, 0.5, 0.7, 1]),
  knob('field.keywords', ['field', 'keywords'], [0.5, 0.6, 0.7, 0.8, 0.9, 1]),
  knob('field.lead', ['field', 'lead'], [0.4, 0.5, 0.6, 0.7, 0.8, 0.9]),
  knob('field.content', ['field', 'content'], [0.2, 0.3, 0.4, 0.5, 0.6, 0.7]),
  knob('path', ['path'], [0.3, 0.4, 0.5, 0.6, 0.7, 0.8]),
  knob('prefixOnly', ['prefixOnly'], [0.2, 0.3, 0.4, 0.5, 0.6]),
  knob('lengthNorm', ['lengthNorm'], [0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.75]),
  knob('synonym', ['synonym'], [0.8, 0.85, 0.9, 0.92, 0.95, 0.98]),
  knob('joined', ['joined'], [0.85, 0.9, 0.95, 0.98]),
];

/** A set as measured: a pasted error is also answered by the errors reference's section that quotes it. */
const keyed = (set: readonly RelevanceQuery[]) => withErrorReference(set, getSiteSearchIndex(), getSitePassages());
const TUNED_ON = keyed([...RELEVANCE_SET, ...PARTNER_TUNING_SET]);
const DEV = keyed(PARTNER_DEV_SET);
const HELD_OUT = keyed(PARTNER_HELD_OUT_SET);

/** What the ascent raises: hit@1, with the mean reciprocal rank to break ties and to prefer near misses. */
const objective = (figures: RelevanceFigures) => figures.hitAt1 + 0.5 * figures.mrr;

/** The engine as weighed now: a new one each time, as the text's length norm is applied when it is built. */
function measure(set: readonly RelevanceQuery[]): RelevanceFigures {
  return measureRelevance(new SearchEngine(getSiteSearchIndex(), getSitePassages()), set);
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const line = (figures: RelevanceFigures) =>
  `hit@1 ${percent(figures.hitAt1)}, hit@3 ${percent(figures.hitAt3)}, MRR ${figures.mrr.toFixed(3)}`;

function report(label: string): void {
  console.log(`[tune] ${label}`);
  console.log(`  tuned on (${TUNED_ON.length}): ${line(measure(TUNED_ON))}`);
  console.log(`  development (${DEV.length}): ${line(measure(DEV))}`);
  console.log(`  held out (${HELD_OUT.length}): ${line(measure(HELD_OUT))}`);
}

function main(): void {
  const passes = Number(process.argv[2] ?? '2');
  // Weights to start from, as `name=value` after the passes ("kind.type=0.3"): to try one change without an ascent.
  for (const setting of process.argv.slice(3)) {
    const [name, value] = setting.split('=');
    const found = KNOBS.find((each) => each.name === name);
    if (!found || value === undefined || !Number.isFinite(Number(value)))
      throw new Error(
        `[tune] "${setting}" is not name=value for a weight of: ${KNOBS.map((each) => each.name).join(', ')}`,
      );
    found.set(RANKING, Number(value));
  }
  report('the weights as they are');
  let best = objective(measure(TUNED_ON));
  for (let pass = 1; pass <= passes; pass += 1) {
    let moved = false;
    for (const each of KNOBS) {
      const kept = each.get(RANKING);
      let chosen = kept;
      for (const value of each.values) {
        if (value === kept) continue;
        each.set(RANKING, value);
        const score = objective(measure(TUNED_ON));
        // Only a clear gain moves a weight: a query's worth (1/278 of hit@1) less a hair.
        if (score > best + 0.003) {
          best = score;
          chosen = value;
        }
      }
      each.set(RANKING, chosen);
      if (chosen !== kept) {
        moved = true;
        console.log(`[tune] pass ${pass}: ${each.name} ${kept} → ${chosen}`);
      }
    }
    if (!moved) break;
  }
  report('the weights the ascent ends on');
  console.log(JSON.stringify(RANKING, null, 2));
}

runMain(main, { tag: 'tune' });
