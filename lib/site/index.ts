import { siteConfigInput } from './config';
import { siteConfigSchema, type SiteConfig } from './schema';
import { parseWith } from '../validation';

/** The validated site configuration. A bad entry stops the build with its field named. */
export const siteConfig: SiteConfig = parseWith(siteConfigSchema, siteConfigInput, 'site config (lib/site/config.ts)');

export type { SiteConfig };
