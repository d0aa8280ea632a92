// Which store keeps reader insights: Postgres when KILOWISE_DATABASE_URL names one, else SQLite under .data/.
// Read once per process, checked with zod; a bad value names the variable.
import { z } from 'zod';
import { parseWith } from '../validation';
import type { InsightsStore } from './store';

const databaseUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      return ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be a postgres:// or postgresql:// URL, such as postgres://kilowise@127.0.0.1:5432/kilowise');

const emptyIsUnset = (value: unknown) => (value === '' ? undefined : value);
const environmentSchema = z.object({
  KILOWISE_DATABASE_URL: z.preprocess(emptyIsUnset, databaseUrl.optional()),
  KILOWISE_INSIGHTS_SQLITE: z.preprocess(emptyIsUnset, z.string().min(1).optional()),
});

export interface InsightsStoreChoice {
  /** The Postgres to use; undefined: SQLite in `sqliteFile`. */
  databaseUrl?: string;
  sqliteFile?: string;
}

/** The store the environment asks for (KILOWISE_DATABASE_URL, KILOWISE_INSIGHTS_SQLITE); a bad value throws. */
export function insightsStoreChoice(
  environment: Record<string, string | undefined> = process.env,
): InsightsStoreChoice {
  const parsed = parseWith(
    environmentSchema,
    {
      KILOWISE_DATABASE_URL: environment.KILOWISE_DATABASE_URL,
      KILOWISE_INSIGHTS_SQLITE: environment.KILOWISE_INSIGHTS_SQLITE,
    },
    'the environment',
  );
  return { databaseUrl: parsed.KILOWISE_DATABASE_URL, sqliteFile: parsed.KILOWISE_INSIGHTS_SQLITE };
}

/** Opens the chosen store; the driver of the other one is never loaded. */
export async function openInsightsStore(choice: InsightsStoreChoice = insightsStoreChoice()): Promise<InsightsStore> {
  if (choice.databaseUrl) return (await import('./postgres')).openPostgresStore(choice.databaseUrl);
  return (await import('./sqlite')).openSqliteStore(choice.sqliteFile);
}

let shared: Promise<InsightsStore> | undefined;

/** This process's store, opened on first use. */
export function insightsStore(): Promise<InsightsStore> {
  shared ??= openInsightsStore();
  return shared;
}
