// The part of autocannon's API the load benchmark uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
      total: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      /** Seconds the run took. */
      duration: number;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      /** Stop after this many requests (instead of a duration). */
      amount?: number;
      timeout?: number;
      requests?: Record<string, unknown>[];
      headers?: Record<string, string>;
      /** Requests per second of each connection (a paced poller). */
      connectionRate?: number;
    }
    interface Instance {
      /** Each answer: its status, size and latency in ms. */
      on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  function autocannon(opts: autocannon.Options, cb: (err: Error | null, result: autocannon.Result) => void): autocannon.Instance;
  export default autocannon;
}
