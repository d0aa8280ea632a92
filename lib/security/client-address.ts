// The one place that reads a client's address from a request: the socket's peer, and the forwarded headers
// (X-Forwarded-For, X-Real-IP) only where the peer is a proxy the operator named in KILOWISE_TRUSTED_PROXIES.
// Anyone can send those headers; a limit keyed on them is a limit the client chooses (the fifth probe opened 1,200
// MCP sessions in 9.9 s with a new X-Forwarded-For each time, and evicted everyone else's).
import ipaddr from 'ipaddr.js';

export type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** The setting that names the proxies whose forwarded headers count. */
export const TRUSTED_PROXIES_SETTING = 'KILOWISE_TRUSTED_PROXIES';

/** Names a setting may use for a family of addresses, beside addresses and CIDR blocks. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * An address as a socket, a header or a setting writes it: `1.2.3.4`, `1.2.3.4:5678`, `[2001:db8::1]:443`,
 * `fe80::1%eth0`; an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, how a dual-stack socket reports IPv4) is read as
 * the IPv4 address. IPv4 only in four decimal parts: `0x7f.1` is no address a proxy writes. Undefined for anything
 * else.
 */
export function parseAddress(raw: string | undefined): Address | undefined {
  let text = raw?.trim() ?? '';
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = bracketed[1] ?? '';
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!ipaddr.IPv6.isValid(text)) return undefined;
  const address = ipaddr.IPv6.parse(text);
  return address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}

/** The proxies whose forwarded headers count: none unless the setting names them. */
export interface TrustedProxies {
  /** Whether `address` is one of them. */
  trusts(address: Address): boolean;
  /** The setting as given, for messages and logs ('' for none). */
  readonly setting: string;
}

/**
 * The proxies `setting` names, separated by commas or spaces: addresses (`127.0.0.1`, `::1`), CIDR blocks
 * (`10.0.0.0/8`, `2001:db8::/32`), or `loopback` and `private` (RFC 1918 and IPv6 unique local). Empty or unset:
 * none. Throws for an entry that is none of these, naming the setting and the entry.
 */
export function trustedProxies(setting: string | undefined): TrustedProxies {
  const entries = (setting ?? '').split(/[\s,]+/).filter(Boolean);
  const blocks: [Address, number][] = [];
  for (const entry of entries) {
    for (const block of NAMED_RANGES[entry.toLowerCase()] ?? [entry]) {
      const parsed = parseBlock(block);
      if (!parsed)
        throw new Error(
          `${TRUSTED_PROXIES_SETTING}: "${entry.slice(0, 100)}" is not an IP address, a CIDR block (10.0.0.0/8) or one of ${Object.keys(NAMED_RANGES).join(', ')}`,
        );
      blocks.push(parsed);
    }
  }
  return {
    setting: entries.join(','),
    // ipaddr.js compares an address with a block of its own kind only; an IPv4 client never matches an IPv6 block.
    trusts: (address) => blocks.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits)),
  };
}

function parseBlock(block: string): [Address, number] | undefined {
  if (!block.includes('/')) {
    const address = parseAddress(block);
    return address && [address, address.kind() === 'ipv4' ? 32 : 128];
  }
  if (!ipaddr.isValidCIDR(block)) return undefined;
  const [base, bits] = ipaddr.parseCIDR(block);
  // `::ffff:10.0.0.0/104` is an IPv4 block as a dual-stack socket writes it.
  if (base.kind() === 'ipv6' && (base as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96)
    return [(base as ipaddr.IPv6).toIPv4Address(), bits - 96];
  return [base, bits];
}

/**
 * How a request reached this process. `{ peer }`: over a socket of ours (`next start`), whose far end is `peer`
 * (undefined once the socket is gone). `'platform'`: as a function of a host (Vercel-style) that owns the
 * connection and writes X-Forwarded-For itself, so its last entry is the host's report, not the client's claim.
 */
export type Arrival = { peer: string | undefined } | 'platform';

/**
 * The address of the client a request comes from. Over a socket: the peer, unless the peer is a trusted proxy;
 * then X-Forwarded-For is read from the right (each proxy appends the address it saw), past every trusted proxy,
 * to the first address that is not one: the client, whatever the client itself wrote further left. A trusted
 * proxy that sends no X-Forwarded-For may send X-Real-IP. An entry that is no address ends the walk at the last
 * trusted hop. From a platform: its last X-Forwarded-For entry (or X-Real-IP), then the same walk. Undefined when
 * nothing names an address.
 */
export function clientAddress(headers: Headers, arrival: Arrival, trusted: TrustedProxies): Address | undefined {
  const forwarded = (headers.get('x-forwarded-for') ?? '').split(',').filter((hop) => hop.trim() !== '');
  const realIp = () => parseAddress(headers.get('x-real-ip') ?? undefined);
  let client: Address | undefined;
  if (arrival === 'platform') {
    client = parseAddress(forwarded.pop()) ?? realIp();
  } else {
    client = parseAddress(arrival.peer);
    if (client && trusted.trusts(client) && forwarded.length === 0) return realIp() ?? client;
  }
  while (client && trusted.trusts(client) && forwarded.length > 0) {
    const hop = parseAddress(forwarded.pop());
    if (!hop) break;
    client = hop;
  }
  return client;
}
