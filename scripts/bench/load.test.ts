import { describe, expect, it } from 'vitest';
import { parseWrk, wrkMs } from './load';

const REPORT = `Running 30s test @ http://127.0.0.1:3392/docs/smart-charging
  2 threads and 100 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.10ms    1.02ms  40.11ms   90.00%
    Req/Sec    24.12k     1.10k   26.00k    70.00%
  Latency Distribution
     50%  812.00us
     75%    2.00ms
     90%    3.10ms
     99%    1.20s 
  1440000 requests in 30.00s, 9.00GB read
  Socket errors: connect 0, read 2, write 0, timeout 7
  Non-2xx or 3xx responses: 3
Requests/sec:  48000.50
Transfer/sec:    307.20MB
`;

describe("wrk's report", () => {
  it('reads requests per second, the median and 99th percentile, errors and timeouts', () => {
    expect(parseWrk(REPORT)).toEqual({
      requestsPerSecond: 48000.5,
      p50Ms: 0.812,
      p99Ms: 1200,
      errors: 5,
      overTwoSeconds: 7,
    });
  });

  it('counts no errors when wrk prints none, and fails on a report without a figure', () => {
    const clean = REPORT.replace(/ {2}Socket errors.*\n/, '').replace(/ {2}Non-2xx.*\n/, '');
    expect(parseWrk(clean)).toMatchObject({ errors: 0, overTwoSeconds: 0 });
    expect(() => parseWrk(REPORT.replace(/Requests\/sec.*\n/, ''))).toThrow(/no requests per second/);
    expect(() => wrkMs('fast')).toThrow(/cannot read/);
  });
});
