// The floor of the benches that time a request inside the extension host (openDashboard.ts,
// firstViewOpen.ts): the GET as plain as Node makes it, keeping its connection as the extension's
// requests do (inside VS Code a request asks for that itself), and its JSON read.
import http from 'node:http';
import { FAKE_API_TOKEN } from '../support/fakeAxiom';

/** The GET of `url` and its JSON.parse, timed together; an answer other than a 200 whose body
 *  `expected` accepts rejects. */
export function bareGetAndParse(
  url: string,
  expected: (body: unknown) => boolean,
): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${FAKE_API_TOKEN}`, connection: 'keep-alive' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const parsed = JSON.parse(body.toString('utf8')) as unknown;
          if (response.statusCode !== 200 || !expected(parsed))
            reject(new Error(`the GET of ${url} answered ${response.statusCode}`));
          else resolve({ ms: performance.now() - started, bytes: body.byteLength });
        });
      })
      .on('error', reject);
  });
}
