// An edge deployment of the fake service (fakeAxiom.ts), on a loopback address of its own
// (127.0.0.2 unless said), as Axiom's edges are hosts of their own: it serves the edge query API,
// `POST /v1/query/_apl?format=tabular`, answered as the service answers queries (its `aplAnswer`),
// refuses the standard `/v1/datasets/_apl` with 404 as the edges do, and takes API tokens only: a
// personal or signed-in token gets 403. `placeDatasets` puts datasets on it, so that GET
// /v2/datasets names the edge (`edgeDeployment`, `edgeDeploymentUrl`). Other edge endpoints
// (`/v1/query/_mpl`, the metrics info) are added by a test or a fake of their own through `routes`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  readJson,
  readRequest,
  type AplAnswer,
  type AplRequestBody,
  type FakeAxiom,
  type RecordedRequest,
} from './fakeAxiom';

/** How the edge answers a route of its own: `POST /v1/query/_mpl`, say (the path without its query string). */
export type EdgeRoute = (request: RecordedRequest, body: unknown) => AplAnswer;

/** The edge's refusal of a personal token: the service's error shape (`{code, message}`). */
export const PERSONAL_TOKEN_REFUSAL = {
  code: 403,
  message: 'personal access tokens are not supported on this endpoint',
};

export class FakeEdge {
  readonly requests: RecordedRequest[] = [];
  /** Routes beyond the APL query, by `METHOD /path`. */
  readonly routes = new Map<string, EdgeRoute>();
  /** How queries are answered here; the service's own answer unless set. */
  aplAnswer?: (body: AplRequestBody) => AplAnswer;
  private readonly server = http.createServer((req, res) => void this.handle(req, res));

  constructor(
    private readonly service: FakeAxiom,
    /** The edge's name as /v2/datasets says it (`cloud.eu-central-1.aws`). */
    readonly name: string,
    private readonly host = '127.0.0.2',
  ) {}

  /** Listens; `beside` a service that stops on its own (the demo), the edge keeps no process alive. */
  async start(options: { beside?: boolean } = {}): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, this.host, resolve));
    if (options.beside) this.server.unref();
    return this.url;
  }

  get url(): string {
    return `http://${this.host}:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Stores these datasets here: the service lists them with this edge (and holds them). */
  placeDatasets(...names: string[]): void {
    for (const name of names) {
      if (!this.service.datasets.includes(name)) this.service.datasets.push(name);
      this.service.datasetEdges[name] = { edgeDeployment: this.name, edgeDeploymentUrl: this.url };
    }
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const recorded = await readRequest(req);
    this.requests.push(recorded);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
      res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': String(bytes.length),
        'x-axiom-trace-id': `edge-trace-${this.requests.length}`,
        ...headers,
      });
      res.end(bytes);
    };
    const url = new URL(recorded.path, 'http://edge');
    const route = `${recorded.method} ${url.pathname}`;
    if (route === 'POST /v1/datasets/_apl') {
      send(404, { code: 404, message: 'not found' });
      return;
    }
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
    if (token !== this.service.token) {
      send(403, token === this.service.personalToken ? PERSONAL_TOKEN_REFUSAL : { code: 403, message: 'Forbidden' });
      return;
    }
    const body = readJson(recorded.body);
    const own = this.routes.get(route);
    if (own) {
      const answer = own(recorded, body);
      send(answer.status ?? 200, answer.body, answer.headers);
      return;
    }
    if (route !== 'POST /v1/query/_apl') {
      send(404, { code: 404, message: 'not found' });
      return;
    }
    if (url.searchParams.get('format') !== 'tabular') {
      send(400, { code: 400, message: 'this fake answers only format=tabular' });
      return;
    }
    if (typeof body !== 'object' || body === null || typeof (body as AplRequestBody).apl !== 'string') {
      send(400, { code: 400, message: 'invalid request: apl must be a string' });
      return;
    }
    const answer = (this.aplAnswer ?? this.service.aplAnswer)(body as AplRequestBody);
    send(answer.status ?? 200, answer.body, answer.headers);
  }
}
