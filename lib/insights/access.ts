// Who may read the editors' report: a request that carries KILOWISE_INSIGHTS_TOKEN, as `Authorization: Bearer …`
// or `?token=…` (a browser's bookmark). Unset, or not carried, and /insights is 404: it does not exist.
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { parseWith } from '../validation';

const tokenSchema = z.object({
  KILOWISE_INSIGHTS_TOKEN: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .trim()
      .min(16, 'must be at least 16 characters (a random secret, such as `openssl rand -hex 24`)')
      .optional(),
  ),
});

/** The editors' token, or undefined when the report is off; a short token throws, naming the variable. */
export function editorToken(environment: Record<string, string | undefined> = process.env): string | undefined {
  return parseWith(tokenSchema, { KILOWISE_INSIGHTS_TOKEN: environment.KILOWISE_INSIGHTS_TOKEN }, 'the environment')
    .KILOWISE_INSIGHTS_TOKEN;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `given` is the token, compared in constant time. */
export function tokenMatches(given: string | null | undefined, token: string): boolean {
  return typeof given === 'string' && timingSafeEqual(digest(given), digest(token));
}

/** The token a request carries: its bearer token, else the `token` its query or form gives. */
export function carriedToken(headers: Headers, fromQueryOrForm: string | null | undefined): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.get('authorization') ?? '');
  return bearer?.[1] ?? fromQueryOrForm ?? undefined;
}

/** Whether a request may see the report: a token is set and the request carries it. */
export function mayReadReport(headers: Headers, fromQueryOrForm: string | null | undefined): boolean {
  const token = editorToken();
  return token !== undefined && tokenMatches(carriedToken(headers, fromQueryOrForm), token);
}
