import { z } from 'zod';
import { SDK_PACKAGES } from '../sdk/packages';
import { parseWith } from '../validation';

/**
 * Words readers search by that a section's own words miss, by the section's anchor: a few short phrases each, in
 * the words of a partner's task ("charge immediately" for "Charge now"). The search index checks that each anchor is
 * a section of the page.
 */
export const searchTermsSchema = z
  .record(
    z.string(),
    z
      .array(z.string().trim().min(2, 'must be a word or more').max(60, 'must be at most 60 characters'))
      .min(1, 'must list at least one term')
      .max(12, 'must list at most 12 terms'),
  )
  .superRefine((terms, context) => {
    for (const anchor of Object.keys(terms))
      if (!/^[a-z0-9-]+$/.test(anchor))
        context.addIssue({
          code: 'custom',
          path: [anchor],
          message: "must be a section's anchor (lower case, digits and hyphens), as in its URL",
        });
  });

/** What a page's frontmatter may say. Contentlayer checks the types; this adds the rules. */
export const frontmatterSchema = z.object({
  title: z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters'),
  description: z
    .string()
    .trim()
    .min(20, 'must be a sentence of at least 20 characters (it is the page summary and meta description)')
    .max(300, 'must be at most 300 characters'),
  sidebarLabel: z.string().trim().min(1, 'must not be empty').optional(),
  sidebarPosition: z.number().int('must be a whole number').nonnegative('must be 0 or more').optional(),
  hideTableOfContents: z.boolean().default(false),
  hideFooter: z.boolean().default(false),
  draft: z.boolean().default(false),
  readme: z.enum(SDK_PACKAGES, { error: `must name an SDK package: ${SDK_PACKAGES.join(', ')}` }).optional(),
  searchTerms: searchTermsSchema.optional(),
});

export type Frontmatter = z.infer<typeof frontmatterSchema>;

/** Throws an error naming `content/{sourceFilePath}` and each bad field. */
export function assertFrontmatter(sourceFilePath: string, data: Record<string, unknown>): Frontmatter {
  const fields = Object.fromEntries(
    Object.keys(frontmatterSchema.shape).map((key) => [key, data[key] ?? undefined]),
  );
  return parseWith(frontmatterSchema, fields, `content/${sourceFilePath}`);
}

/**
 * A page whose body is a package's README has no body of its own: two sources would drift. Throws an
 * error naming the file.
 */
export function assertReadmeBody(sourceFilePath: string, readme: unknown, body: string): void {
  if (typeof readme === 'string' && body.trim() !== '') {
    throw new Error(`content/${sourceFilePath}: a page with "readme: ${readme}" has no body of its own; write it in packages/${readme}/README.md`);
  }
}
