// How often a client may send events, and all clients together, on this instance: token buckets. A reader's
// browser sends a batch when a page is left or hidden, so a few a minute; a script that floods the endpoint gets
// 429 with Retry-After long before it fills the store, and a flood from many addresses meets the total.

/** Bounds of the ingest rate, in batches (requests). */
export interface IngestRates {
  /** Batches one client may send at once, and per second after that. */
  clientBurst: number;
  clientPerSecond: number;
  /** The same for every client together. */
  totalBurst: number;
  totalPerSecond: number;
  /** Clients remembered; past it the longest idle are forgotten (a full bucket is as good as forgotten). */
  maxClients: number;
}

// A reader sends about one batch a page; a burst of 120 and 20 a second leave room for several people behind one
// address (an office's NAT, a test suite's browser) and still stop a flood long before the total does.
export const INGEST_RATES: IngestRates = {
  clientBurst: 120,
  clientPerSecond: 20,
  totalBurst: 2_000,
  totalPerSecond: 1_000,
  maxClients: 50_000,
};

interface Bucket {
  tokens: number;
  at: number;
}

/** `take(client, now)`: 0 when the batch may go in, else the seconds to wait before the next one. */
export function createRateLimiter(rates: IngestRates = INGEST_RATES) {
  const clients = new Map<string, Bucket>();
  const total: Bucket = { tokens: rates.totalBurst, at: 0 };

  const refill = (bucket: Bucket, burst: number, perSecond: number, now: number) => {
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
  };
  const wait = (bucket: Bucket, perSecond: number) => Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));

  return {
    take(client: string, now: number): number {
      let bucket = clients.get(client);
      if (bucket) clients.delete(client);
      else bucket = { tokens: rates.clientBurst, at: now };
      // Re-inserted last: the Map's first entries are the longest idle, the ones to forget.
      clients.set(client, bucket);
      if (clients.size > rates.maxClients) clients.delete(clients.keys().next().value ?? client);
      refill(bucket, rates.clientBurst, rates.clientPerSecond, now);
      refill(total, rates.totalBurst, rates.totalPerSecond, now);
      if (bucket.tokens < 1) return wait(bucket, rates.clientPerSecond);
      if (total.tokens < 1) return wait(total, rates.totalPerSecond);
      bucket.tokens -= 1;
      total.tokens -= 1;
      return 0;
    },
  };
}
