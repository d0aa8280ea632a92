import { clientAddress, type Arrival, type TrustedProxies } from './client-address';

/** The key of every request whose client has no address the server can read: they share their limits. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The key a client's limits count under (lib/mcp/sessions.ts, lib/mcp/call-limit.ts): its address as
 * lib/security/client-address.ts reads it (forwarded headers only from a trusted proxy). An IPv4 address counts
 * alone; an IPv6 address by its /64, the block one subscriber gets, so that a client cannot take a new address
 * of its own block for each session.
 */
export function clientOf(request: Request, arrival: Arrival, trusted: TrustedProxies): string {
  const address = clientAddress(request.headers, arrival, trusted);
  if (!address) return UNKNOWN_CLIENT;
  if (!('parts' in address)) return address.toString();
  // Written as before the key moved here ("2001:db8:0:0::/64"), so that a store's counts keep their keys.
  return `${address.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
