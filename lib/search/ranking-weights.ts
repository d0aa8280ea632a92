import type { SearchKind } from './records';
import type { IndexField } from './serialize';

// The numbers the ranking weighs its evidence by, in one place: lib/search/score-reading.ts, term-matches.ts,
// engine.ts and query.ts read them as they score. scripts/search/tune-ranking.ts searches them (coordinate ascent)
// on the sets the ranking may be tuned on, and prints the development and held-out figures beside them; a value here
// changes only with those figures in its commit.

export interface RankingWeights {
  /**
   * How much each kind counts for a query in words: a task is answered by a guide section or an operation, and a
   * schema or SDK type with the same words is reference beside it. An identifier query skips this.
   */
  kind: Record<SearchKind, number>;
  /**
   * And for a question ("how do I …", "why does … return 404"): the guide section that explains comes before the
   * operation, schema or type that holds the same words, whose shared sentences ("Your id for the user the call acts
   * for") outweigh the one section about them. From a partner reader's 60 queries (2026-12-03): reference entries
   * took the first place of a guide's answer in 8 of them.
   */
  question: Record<SearchKind, number>;
  /**
   * And for a query that is not an error (isErrorLike), a section of the page that explains error messages: each
   * quotes the fields and values it is about ("minimalSoC above targetSoC"), so it holds the words of a field's query
   * ("minimal soc") that the guide's section explains. A partner reader's queries (2026-12-03): an error's section
   * took the first place of a field's or task's answer in 10 of 163.
   */
  errorSection: number;
  /** How much a title made of the query's words adds to the words part (which scores 0 to about 1.4). */
  focus: number;
  /**
   * How much the query's words as a phrase add: in a record's text (an error message quoted, a task named as the docs
   * name it), or in its title, in part when the title's run of them covers `titleRunShare` of the query's rarity.
   */
  phrase: number;
  titleRunShare: number;
  /** A guide page's own record (its title, no anchor) beats its sections on an equal match. */
  pageRecord: number;
  /**
   * How much a guide page's own record counts when its title and the headings above it do not hold every word of the
   * query ("wallbox recipe" is the recipe's, by its title and its place under Recipes): its summary names what its
   * sections say, and the section that says it answers ("which time zone is the ready time in" is the section
   * "Which time zone", not the page's summary).
   */
  pageSummary: number;
  /** How much of its rarity an everyday verb of a question counts for outside a title (SOFT_TERMS). */
  softTerm: number;
  /**
   * How well a term's hit in each field shows that a record is about it. The lead (a section's first sentence) says
   * what the section is for: "Charge now" answers "charge immediately" there, a passing mention elsewhere.
   */
  field: Record<IndexField, number>;
  /**
   * How much a term in the headings above a record counts for it (its breadcrumb, the section root left out): "The
   * clock" on the page "The sandbox" is about the sandbox's clock, as DocSearch ranks a heading under its page's.
   */
  path: number;
  /**
   * How much a finished word counts where a title or an identifier only starts with it: "time" in "The timeline" is
   * not "time". The word still being typed matches a prefix fully ("timel" is on its way to "timeline").
   */
  prefixOnly: number;
  /** How much a text's length weighs on its hits: 0 not at all, 1 in proportion (BM25's b). */
  lengthNorm: number;
  /** A reading through a synonym, or with two words joined, below the query as typed: the query as typed wins a tie. */
  synonym: number;
  joined: number;
}

/** The weights the site's search runs with. */
export const RANKING: RankingWeights = {
  kind: { guide: 1, api: 1, sdk: 0.95, schema: 0.6, type: 0.3 },
  question: { guide: 1, api: 0.4, sdk: 1, schema: 0.75, type: 0.75 },
  errorSection: 0.6,
  focus: 0.4,
  phrase: 0.5,
  titleRunShare: 0.5,
  pageRecord: 0.05,
  pageSummary: 0.6,
  softTerm: 0.3,
  field: { title: 1, keywords: 0.8, lead: 0.7, content: 0.5 },
  path: 0.6,
  prefixOnly: 0.2,
  lengthNorm: 0.4,
  synonym: 0.92,
  joined: 0.95,
};
