import type { SearchKind, StoredRecord } from './records';
import { looksLikeIdentifier, normaliseIdentifier, words } from './text';

/**
 * Per record: the points of an identifier it is named by or holds (`base`), and the best reading's points for
 * the query's words (`words`). A record's score is their sum, so the section that holds an identifier and is
 * about its words ranks first among the records that hold it.
 *
 * Kept in arrays by record id, made once per engine and cleared for each search (`clear`): a Map of an object per
 * scored record made hundreds of objects a query, a fifth of the garbage of the bench's queries (2026-12-03).
 * `ids` lists the records scored, in the order they were first scored, which orders equal scores.
 */
export class Scores {
  readonly base: Float64Array;
  readonly words: Float64Array;
  /** 1 when the record's text holds a long query as a phrase (a pasted message). */
  readonly quoted: Uint8Array;
  /** The member a record holds the identifier as. */
  readonly member: (string | undefined)[];
  readonly ids: number[] = [];
  private readonly scored: Uint8Array;

  constructor(records: number) {
    this.base = new Float64Array(records);
    this.words = new Float64Array(records);
    this.quoted = new Uint8Array(records);
    this.scored = new Uint8Array(records);
    this.member = new Array<string | undefined>(records).fill(undefined);
  }

  has(id: number): boolean {
    return this.scored[id] === 1;
  }

  /** Marks a record scored (its points 0 until set). */
  add(id: number): void {
    if (this.scored[id] === 1) return;
    this.scored[id] = 1;
    this.ids.push(id);
  }

  clear(): void {
    for (const id of this.ids) {
      this.base[id] = 0;
      this.words[id] = 0;
      this.quoted[id] = 0;
      this.scored[id] = 0;
      this.member[id] = undefined;
    }
    this.ids.length = 0;
  }
}

const NAME_MATCH = 1000;
const MEMBER_MATCH = 400;
/**
 * How much a record holding the identifier counts, by kind: the guide section that explains a field or an enum
 * value first, then the operation that takes it, then the schema and the SDK type that declare it.
 */
const MEMBER_KIND: Record<SearchKind, number> = { guide: 1, sdk: 0.9, api: 0.95, schema: 0.85, type: 0.75 };
/**
 * An identifier that is a member of more records than this counts less the more records hold it: a
 * header every operation takes names none of them.
 */
const MEMBER_SPREAD = 4;

/** The records' identifiers, normalised as a query's is (normaliseIdentifier). */
export interface RecordIdentifiers {
  records: readonly StoredRecord[];
  /** Per record, the identifiers that name it. */
  normalisedNames: readonly (readonly string[])[];
  /** Per record, the identifiers it holds (fields, parameters, enum values). */
  normalisedMembers: readonly (readonly string[])[];
}

/** An identifier typed exactly: the record it names first, records holding it next. */
export function scoreIdentifier(identifiers: RecordIdentifiers, query: string, scores: Scores): void {
  const { records, normalisedNames, normalisedMembers } = identifiers;
  const identifier = normaliseIdentifier(query);
  // One word that is a name, or a compound member written together (`spotprices`, `readytime` for
  // readyTime), is taken as that identifier too; a plain word such as `wallbox` stays a word.
  const compoundMember = () =>
    records.some((record, id) =>
      normalisedMembers[id]?.some((member, at) => member === identifier && words(record.members[at] ?? '').length > 1),
    );
  const named =
    normalisedNames.some((names) => names.includes(identifier)) || (!/\s/.test(identifier) && compoundMember());
  if (!looksLikeIdentifier(query) && !named) return;
  const holders = normalisedMembers.filter((members) => members.includes(identifier)).length;
  const memberPoints = holders > MEMBER_SPREAD ? MEMBER_MATCH * (MEMBER_SPREAD / holders) ** 2 : MEMBER_MATCH;
  records.forEach((record, id) => {
    if (normalisedNames[id]?.includes(identifier)) {
      scores.add(id);
      scores.base[id] = NAME_MATCH;
    } else {
      const at = normalisedMembers[id]?.indexOf(identifier) ?? -1;
      if (at >= 0) {
        scores.add(id);
        scores.base[id] = memberPoints * MEMBER_KIND[record.kind];
        scores.member[id] = record.members[at];
      }
    }
  });
}
