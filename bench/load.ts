import { Agent, request } from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
}

/** Keeps `concurrency` keep-alive requests in flight for `seconds` and counts the answers. */
export async function load(url: string, { seconds = 3, concurrency = 16, headers = {} as Record<string, string> } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const deadline = performance.now() + seconds * 1000;
  let requests = 0;
  let errors = 0;
  const once = () =>
    new Promise<void>((done) => {
      const req = request(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) requests += 1;
          else errors += 1;
          done();
        });
      });
      req.on('error', () => {
        errors += 1;
        done();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests, errors, seconds: elapsed, perSecond: requests / elapsed } satisfies LoadResult;
}
