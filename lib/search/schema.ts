import { z } from 'zod';
import { SEARCH_KINDS, type SerializedIndex, type SerializedPassages } from './records';

const postings = z
  .string()
  .regex(/^(?:[^\s:]+:[0-9a-z]+(?:,[0-9a-z]+)*(?: |$))*$/, 'postings of the form "term:id,gap …"');

/** The full check of a serialized index, run where zod costs nothing: the build, the bench, tests. */
export const serializedIndexSchema: z.ZodType<SerializedIndex> = z.object({
  version: z.literal(2),
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
  postings: z.object({ title: postings, keywords: postings, lead: postings }),
  errorPages: z.array(z.string().startsWith('/')).optional(),
});

/** The full check of the passages file. */
export const serializedPassagesSchema: z.ZodType<SerializedPassages> = z
  .object({
    version: z.literal(2),
    records: z.number().int().nonnegative(),
    content: postings,
    vocabulary: z.array(z.string()),
    sentences: z.array(z.array(z.string())),
  })
  .refine((passages) => passages.sentences.length === passages.records, {
    message: 'has a list of sentences for each record',
    path: ['sentences'],
  });
