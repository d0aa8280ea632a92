import { describe, expect, it } from 'vitest';
import { clientAddress, parseAddress, trustedProxies, type Arrival } from './client-address';

/** The client address a request with `headers` gets, arriving as `arrival`, with `setting` as the trusted proxies. */
const clientOf = (headers: Record<string, string>, arrival: Arrival, setting?: string) =>
  clientAddress(new Headers(headers), arrival, trustedProxies(setting))?.toString();

describe('the client address', () => {
  it("is the socket's address whatever forwarded headers say, when no proxy is trusted (the default)", () => {
    // The fifth probe's flood: a new X-Forwarded-For each time, straight to `next start`.
    for (const spoofed of ['198.51.100.1', '10.0.0.1, 198.51.100.2', '::1'])
      expect(clientOf({ 'x-forwarded-for': spoofed, 'x-real-ip': '198.51.100.3' }, { peer: '203.0.113.9' })).toBe(
        '203.0.113.9',
      );
    expect(clientOf({}, { peer: '::ffff:203.0.113.9' })).toBe('203.0.113.9');
    // A socket that is gone names no address, rather than the headers'.
    expect(clientOf({ 'x-forwarded-for': '198.51.100.1' }, { peer: undefined })).toBeUndefined();
  });

  it('reads X-Forwarded-For from the right, past every trusted proxy, to the first address that is not one', () => {
    const peer = { peer: '127.0.0.1' };
    // nginx appends the address it saw to what the client sent: the client's own claim (10.9.9.9) never counts.
    expect(clientOf({ 'x-forwarded-for': '10.9.9.9, 203.0.113.5' }, peer, '127.0.0.1')).toBe('203.0.113.5');
    // Two proxies of ours (a load balancer at 10.0.0.2 in front of nginx): the walk goes past both.
    expect(clientOf({ 'x-forwarded-for': '6.6.6.6, 203.0.113.5, 10.0.0.2' }, peer, 'loopback, 10.0.0.0/8')).toBe(
      '203.0.113.5',
    );
    // Only the proxies named: 10.0.0.2 is not, so it is the client.
    expect(clientOf({ 'x-forwarded-for': '203.0.113.5, 10.0.0.2' }, peer, 'loopback')).toBe('10.0.0.2');
    // An entry that is no address ends the walk at the last trusted hop.
    expect(clientOf({ 'x-forwarded-for': 'unknown, 10.0.0.2' }, peer, 'loopback,private')).toBe('10.0.0.2');
    // A trusted proxy without X-Forwarded-For may name the client in X-Real-IP; else it is the client itself.
    expect(clientOf({ 'x-real-ip': '203.0.113.7' }, peer, '127.0.0.1')).toBe('203.0.113.7');
    expect(clientOf({}, peer, '127.0.0.1')).toBe('127.0.0.1');
    // Every entry trusted: the client is the farthest of them.
    expect(clientOf({ 'x-forwarded-for': '10.1.1.1' }, peer, 'loopback,private')).toBe('10.1.1.1');
  });

  it("takes a platform's last X-Forwarded-For entry as its report, and walks on only past trusted proxies", () => {
    expect(clientOf({ 'x-forwarded-for': '10.9.9.9, 203.0.113.5' }, 'platform')).toBe('203.0.113.5');
    expect(clientOf({ 'x-forwarded-for': '203.0.113.5, 10.0.0.2' }, 'platform', 'private')).toBe('203.0.113.5');
    expect(clientOf({ 'x-forwarded-for': 'junk', 'x-real-ip': '198.51.100.3' }, 'platform')).toBe('198.51.100.3');
    expect(clientOf({}, 'platform')).toBeUndefined();
  });

  it('reads the forms sockets and proxies write, and nothing else', () => {
    const read = (text: string) => parseAddress(text)?.toString();
    expect(read('203.0.113.5:51234')).toBe('203.0.113.5');
    expect(read(' [2001:db8::1]:443 ')).toBe('2001:db8::1');
    expect(read('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(read('fe80::1%eth0')).toBe('fe80::1%eth0');
    for (const bad of ['', 'unknown', '1.2.3', '0x7f.0.0.1', '256.1.1.1', '1.2.3.4:', '[::1', 'a::b::c'])
      expect(read(bad), bad).toBeUndefined();
  });
});

describe('KILOWISE_TRUSTED_PROXIES', () => {
  it('names addresses, CIDR blocks of either kind, loopback and private', () => {
    const trusted = trustedProxies('192.0.2.10 2001:db8::/32, ::ffff:10.20.0.0/112,loopback');
    const trusts = (text: string) => trusted.trusts(parseAddress(text) ?? parseAddress('0.0.0.0')!);
    expect(['192.0.2.10', '2001:db8:1::5', '10.20.3.4', '127.0.0.2', '::1'].map(trusts)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['192.0.2.11', '2001:db9::1', '10.21.0.1', '::2', '10.0.0.1'].map(trusts)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(trustedProxies('private').trusts(parseAddress('fd12::1')!)).toBe(true);
    expect(trustedProxies(undefined).trusts(parseAddress('127.0.0.1')!)).toBe(false);
    expect(trustedProxies('').setting).toBe('');
  });

  it('refuses an entry that is none of these, naming the setting and the entry', () => {
    expect(() => trustedProxies('127.0.0.1, nginx')).toThrow(
      'KILOWISE_TRUSTED_PROXIES: "nginx" is not an IP address, a CIDR block (10.0.0.0/8) or one of loopback, private',
    );
    expect(() => trustedProxies('10.0.0.0/33')).toThrow('"10.0.0.0/33"');
  });
});
