import { z } from 'zod';
import { SEARCH_KINDS, type SerializedIndex } from './records';

/** The full check of a serialized index, run where zod costs nothing: the build, the bench, tests. */
export const serializedIndexSchema: z.ZodType<SerializedIndex> = z.object({
  version: z.literal(1),
  records: z.array(
    z.union([
      z.tuple([
        z.enum(SEARCH_KINDS),
        z.string(),
        z.string(),
        z.string().startsWith('/'),
        z.array(z.string()),
        z.array(z.string()),
      ]),
      z.tuple([
        z.enum(SEARCH_KINDS),
        z.string(),
        z.string(),
        z.string().startsWith('/'),
        z.array(z.string()),
        z.array(z.string()),
        z.number().positive().max(1),
      ]),
    ]),
  ),
  vocabulary: z.array(z.string()),
  chunks: z.array(z.tuple([z.string(), z.string()])),
});
