import { z } from 'zod';
import { siteConfig } from '../../site';
import { cut, LIMITS, unknown } from '../limits';
import { expandSchema } from '../schema';
import type { DocsTool } from './tool';

const inputSchema = {
  name: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.nameChars)
    .describe('The component schema\'s name, e.g. "EvPreferences" or "UserLocationRequest".'),
  depth: z
    .number()
    .int()
    .min(0)
    .max(LIMITS.depth)
    .default(2)
    .describe(`How many levels of the schemas it names to expand (0 to ${LIMITS.depth}).`),
};

export const getSchema: DocsTool<typeof inputSchema> = {
  name: 'get_schema',
  title: 'Get an API schema',
  description:
    'Returns a component schema of the Kilowise partner API as JSON Schema, with the schemas it names expanded to `depth`, and the link to its section of the reference.',
  inputSchema,
  run(data, { name, depth }) {
    // Only the contract's own schemas: "constructor" or "__proto__" is no schema, whatever Object.prototype holds.
    const schema = Object.hasOwn(data.contract.defs, name) ? data.contract.defs[name] : undefined;
    if (schema === undefined) throw unknown('schema', name, Object.keys(data.contract.defs));
    const text = [
      `# ${name}`,
      '',
      `Reference: ${siteConfig.url}/api#schema/${name}`,
      '',
      '```json',
      JSON.stringify(expandSchema(schema, data.contract.defs, depth), null, 2),
      '```',
    ].join('\n');
    return cut(text, 'Ask again with a smaller depth.');
  },
};
