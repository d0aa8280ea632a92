import { z } from 'zod';

/** Where a navbar item sits: left of the brand's spacer, or right of it. */
const position = z.enum(['left', 'right']).default('left');

const linkTarget = z.object({
  label: z.string().min(1),
  href: z.string().min(1),
});

/** A plain link: internal path or external URL. */
const defaultItem = z.strictObject({
  type: z.literal('default'),
  label: z.string().min(1),
  href: z.string().min(1),
  position,
  /** Extra path prefixes that mark this item active, e.g. `/docs` for a link to `/`. */
  activeBasePath: z.string().optional(),
  ariaLabel: z.string().optional(),
  /** Render only the icon, with `ariaLabel` as the accessible name. */
  icon: z.enum(['github']).optional(),
});

const localeDropdownItem = z.strictObject({ type: z.literal('localeDropdown'), position });
const searchItem = z.strictObject({ type: z.literal('search'), position });
const dropdownItem = z.strictObject({
  type: z.literal('dropdown'),
  label: z.string().min(1),
  items: z.array(linkTarget).min(1),
  position,
});
const htmlItem = z.strictObject({ type: z.literal('html'), value: z.string().min(1), position });
/** A link to one document by its id (the content path without extension). */
const docItem = z.strictObject({
  type: z.literal('doc'),
  docId: z.string().min(1),
  label: z.string().optional(),
  position,
});
/** A link to the first document of a sidebar, active on every page of that sidebar. */
const docSidebarItem = z.strictObject({
  type: z.literal('docSidebar'),
  sidebarId: z.string().min(1),
  label: z.string().min(1),
  position,
});
const docsVersionItem = z.strictObject({
  type: z.literal('docsVersion'),
  area: z.string().min(1),
  label: z.string().optional(),
  position,
});
const docsVersionDropdownItem = z.strictObject({
  type: z.literal('docsVersionDropdown'),
  area: z.string().min(1),
  /** A page listing every release, linked at the foot of the dropdown. */
  allVersionsHref: z.string().min(1).optional(),
  position,
});

export const navbarItemSchema = z.discriminatedUnion('type', [
  defaultItem,
  localeDropdownItem,
  searchItem,
  dropdownItem,
  htmlItem,
  docItem,
  docSidebarItem,
  docsVersionItem,
  docsVersionDropdownItem,
]);

export const logoSchema = z.strictObject({
  src: z.string().min(1),
  srcDark: z.string().min(1).optional(),
  alt: z.string().min(1),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  href: z.string().default('/'),
  target: z.enum(['_self', '_blank']).optional(),
});

export const announcementBarSchema = z.strictObject({
  /** Changing the id shows the bar again to readers who closed the previous one. */
  id: z.string().min(1),
  /** Trusted HTML from this repository's config, never from outside. */
  content: z.string().min(1),
  backgroundColor: z.string().min(1),
  textColor: z.string().min(1),
  isCloseable: z.boolean(),
});

const footerLink = z.strictObject({ label: z.string().min(1), href: z.string().min(1) });

export const footerSchema = z.discriminatedUnion('style', [
  z.strictObject({
    style: z.literal('columns'),
    columns: z.array(z.strictObject({ title: z.string().min(1), items: z.array(footerLink).min(1) })).min(1),
    logo: logoSchema.optional(),
    copyright: z.string().min(1).optional(),
  }),
  z.strictObject({
    style: z.literal('simple'),
    links: z.array(footerLink).min(1),
    logo: logoSchema.optional(),
    copyright: z.string().min(1).optional(),
  }),
]);

export const colorModeSchema = z.strictObject({
  defaultMode: z.enum(['light', 'dark']),
  disableSwitch: z.boolean(),
  respectPrefersColorScheme: z.boolean(),
});

/**
 * One docs version of an area. The first version of an area is the current one;
 * its `docs` folder is the area's own. Older versions live in a folder below it, e.g. `sdk/1.x`.
 */
export const docsVersionSchema = z.strictObject({
  /** Stored as the preferred version; never change it for a published version. */
  name: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, 'lower-case letters, digits, dots and dashes'),
  label: z.string().min(1),
  /** The content folder below content/ whose pages make up this version; also its URL prefix. */
  docs: z.string().regex(/^[a-z0-9][a-z0-9./-]*[a-z0-9x]$/, 'a folder below content/, e.g. sdk/1.x'),
  /** The page a switch to this version lands on when the current page has no counterpart. */
  mainDocId: z.string().min(1),
  /** The sidebar ids of this version. */
  sidebars: z.array(z.string().min(1)).min(1),
  /** What the banner on its pages says: nothing (the current version) or that it is no longer maintained. */
  banner: z.enum(['none', 'unmaintained']).default('none'),
});

const docsVersionsSchema = z
  .partialRecord(z.enum(['docs', 'sdk']), z.array(docsVersionSchema).min(1))
  .superRefine((areas, context) => {
    for (const [area, versions] of Object.entries(areas)) {
      if (!versions) continue;
      const names = new Set<string>();
      versions.forEach((version, index) => {
        const path = [area, index];
        if (names.has(version.name))
          context.addIssue({
            code: 'custom',
            path: [...path, 'name'],
            message: `version "${version.name}" is listed twice`,
          });
        names.add(version.name);
        if (index === 0 && version.docs !== area) {
          context.addIssue({
            code: 'custom',
            path: [...path, 'docs'],
            message: `the first (current) version must use the area's folder "${area}"`,
          });
        }
        if (index > 0 && !version.docs.startsWith(`${area}/`)) {
          context.addIssue({
            code: 'custom',
            path: [...path, 'docs'],
            message: `an older version lives in a folder below "${area}/"`,
          });
        }
        if (!version.mainDocId.startsWith(`${version.docs}/`)) {
          context.addIssue({
            code: 'custom',
            path: [...path, 'mainDocId'],
            message: `"${version.mainDocId}" is not in the version's folder "${version.docs}"`,
          });
        }
      });
    }
  });

export const localeSchema = z.strictObject({ label: z.string().min(1), htmlLang: z.string().min(2) });

export const siteConfigSchema = z.strictObject({
  productName: z.string().min(1),
  productSlug: z.string().regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes'),
  title: z.string().min(1),
  tagline: z.string().min(1),
  /** Canonical origin of the deployed site, used for sitemap, robots and OpenGraph. */
  url: z.url(),
  /** Base of "Edit this page" links; the content path is appended. */
  editUrlBase: z.url(),
  /** Where a source file of this repository can be read, e.g. for the TypeDoc "Defined in" links. */
  sourceUrlBase: z.url(),
  announcementBar: announcementBarSchema.optional(),
  navbar: z.strictObject({
    title: z.string().min(1),
    logo: logoSchema,
    style: z.enum(['dark', 'primary']),
    hideOnScroll: z.boolean(),
    items: z.array(navbarItemSchema),
  }),
  colorMode: colorModeSchema,
  /** Areas with more than one docs version; an area not listed has one. */
  docsVersions: docsVersionsSchema.default({}),
  footer: footerSchema,
  i18n: z.strictObject({
    defaultLocale: z.string().min(2),
    locales: z.record(z.string(), localeSchema),
  }),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type NavbarItem = z.infer<typeof navbarItemSchema>;
export type Logo = z.infer<typeof logoSchema>;
export type DocsVersionConfig = z.infer<typeof docsVersionSchema>;
export type Footer = z.infer<typeof footerSchema>;
export type AnnouncementBar = z.infer<typeof announcementBarSchema>;
