import { z } from 'zod';
import { symbolToMarkdown } from '../../markdown/sdk';
import { SDK_PACKAGES } from '../../sdk/packages';
import { siteConfig } from '../../site';
import { cut, LIMITS, unknown } from '../limits';
import type { DocsTool } from './tool';

const inputSchema = {
  package: z.enum(SDK_PACKAGES).default('kilowise-client').describe('The SDK package.'),
  name: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.nameChars)
    .describe('The exported name, e.g. "VehiclePreferences", "KilowiseClient", "SpotPriceChart".'),
};

export const getSdkSymbol: DocsTool<typeof inputSchema> = {
  name: 'get_sdk_symbol',
  title: 'Get an SDK symbol',
  description:
    'Returns an export of a Kilowise SDK package (kilowise-client, kilowise-brands, kilowise-charts, kilowise-ui): its import, signature or fields, doc comment and examples, and the link to its reference page.',
  inputSchema,
  run(data, input) {
    const reference = data.sdk.find((candidate) => candidate.packageName === input.package);
    const symbol = reference?.symbols.find((candidate) => candidate.name === input.name);
    if (!reference || !symbol)
      throw unknown(
        `export of ${input.package}`,
        input.name,
        (reference?.symbols ?? []).map((entry) => entry.name),
      );
    return cut(
      `${symbolToMarkdown(symbol, reference, siteConfig.url)}\n\nReference: ${siteConfig.url}${symbol.url}`,
      `Read ${siteConfig.url}${symbol.url}.md.`,
    );
  },
};
