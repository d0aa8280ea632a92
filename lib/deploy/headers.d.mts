export interface HeaderEntry {
  key: string;
  value: string;
}
export const SECURITY_HEADERS: HeaderEntry[];
export const FRAME_PATH: string;
export const FRAME_HEADERS: HeaderEntry[];
export const PREVIEW_HEADERS: HeaderEntry[];
export const IMMUTABLE_CACHE: string;
export const REVALIDATE_CACHE: string;
export const REDIRECTS: { source: string; destination: string; permanent: boolean }[];
export const FAVICON: { source: string; destination: string };
export const MCP_METHODS: string;
export const MCP_METHOD_NOT_ALLOWED: string;
export function isPreviewEnv(env: Record<string, string | undefined>): boolean;
export function siteHeaders(preview: boolean): HeaderEntry[];
export const ESCAPED_PLAIN: string;
export const REFUSED_DECODED: string;
