// Edge deployments: where a dataset's events are stored and queried. An org has a default edge
// (`defaultEdgeDeployment` in /v2/orgs) and may hold datasets on others (`edgeDeployment` and
// `edgeDeploymentUrl` in /v2/datasets). A query reads one edge only: a dataset on the org's default
// edge is queried through the deployment's own endpoint, a dataset on another edge at that edge's
// `/v1/query/_apl`, and a query naming datasets on two edges is refused before it is sent. Pure: the
// client (client.ts) reads the lists and sends.
import { phrase } from '../phrase';
import { isLoopbackHost } from './baseUrl';
import { edgeUrlOfName, readEdgeSetting } from './edgeSetting';
import { AxiomError } from './errors';
import { EDGE_TOKEN_KIND, TWO_EDGES, UNKNOWN_EDGE } from './errorAdvice';

export { EDGE_TOKEN_KIND, TWO_EDGES, UNKNOWN_EDGE } from './errorAdvice';
export { edgeUrlOfName, readEdgeSetting, type EdgeSetting } from './edgeSetting';

const AXIOM_HOST = /(^|\.)axiom\.co$/i;

/** The edge a dataset is on, as /v2/datasets says (either field may be absent). */
export interface DatasetEdge {
  name: string;
  edgeDeployment?: string;
  edgeDeploymentUrl?: string;
}

/** What the deployment knows of its edges: its datasets', its org's default, an edge URL set by the person. */
export interface EdgeFacts {
  /** The deployment's own API origin (`https://api.axiom.co`), which edge URLs from the service are trusted beside. */
  deploymentOrigin: string;
  datasets: readonly DatasetEdge[];
  /** The org's default edge's name, when the org is known. */
  defaultEdge?: string;
  /** An edge URL the person set (the CLI's `edge_url`, a setting): where the default edge is reached. */
  configuredEdgeUrl?: string;
}

/** One edge: its name as Axiom says it and the base URL its query endpoints are under (no path, no slash). */
export interface Edge {
  name: string;
  url: string | undefined;
}

/**
 * An edge URL the service sent, when the token may go there: https on an axiom.co host, or any
 * loopback address when the deployment itself is on one (a local service, the tests' fake). Anything
 * else is not followed: the token goes only where Axiom's own hosts are.
 */
export function trustedEdgeUrl(raw: string | undefined, deploymentOrigin: string): string | undefined {
  if (!raw?.trim()) return undefined;
  let url: URL;
  let origin: URL;
  try {
    url = new URL(raw.trim().includes('://') ? raw.trim() : `https://${raw.trim()}`);
    origin = new URL(deploymentOrigin);
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.search || url.hash) return undefined;
  const local = isLoopbackHost(url.hostname) && isLoopbackHost(origin.hostname);
  const axiom = url.protocol === 'https:' && AXIOM_HOST.test(url.hostname);
  if (!local && !axiom) return undefined;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return url.origin + url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
}

/** A dataset's edge, or undefined when the service names none. The address of an edge's name is
 *  Axiom's (`*.edge.axiom.co`) only for a deployment on Axiom's hosts. */
export function edgeOfDataset(dataset: DatasetEdge, deploymentOrigin: string): Edge | undefined {
  const url = trustedEdgeUrl(dataset.edgeDeploymentUrl, deploymentOrigin);
  const name = dataset.edgeDeployment?.trim() || url;
  if (!name) return undefined;
  return { name, url: url ?? (isAxiomOrigin(deploymentOrigin) ? edgeUrlOfName(name) : undefined) };
}

function isAxiomOrigin(origin: string): boolean {
  try {
    return AXIOM_HOST.test(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/**
 * The edge base URL a query over `datasets` goes to, or undefined when the deployment's own
 * endpoint serves them (every one on the org's default edge, or on none the service names).
 * Datasets the lists do not hold count as the default edge's (wildcards match only those).
 * Rejects with a TWO_EDGES error naming both edges when they are on two.
 */
export function edgeForDatasets(datasets: readonly string[], facts: EdgeFacts): string | undefined {
  const configured = configuredUrl(facts);
  if (configured) return edgeBesideConfigured(datasets, facts, configured);
  const defaultName = facts.defaultEdge?.trim() || undefined;
  const reached = datasetsByEdge(datasets, facts, (edge) =>
    // With the org's default edge unknown, an edge of no known address is taken for the default.
    edge && edge.name !== defaultName && (defaultName !== undefined || edge.url)
      ? { key: edge.name, edge }
      : { key: '', edge: edge ?? { name: defaultName ?? '', url: undefined } },
  );
  const others = [...reached.entries()].filter(([key]) => key !== '');
  // With the org's default edge unknown, the datasets no edge is known for do not count.
  const onDefault = reached.has('') && defaultName !== undefined;
  if (others.length + (onDefault ? 1 : 0) > 1) {
    const [first, second] = [...reached.values()];
    throw twoEdgesError(first, second, defaultName);
  }
  if (!others.length) return undefined;
  const { edge, dataset } = others[0][1];
  if (edge.url) return edge.url;
  throw unknownEdgeError(dataset, edge.name);
}

/**
 * With an edge the person set, every dataset the service names no edge for (and every one it does
 * not list) goes there, as do those on the org's default edge whose address is not known; a dataset
 * whose own fields say where its edge is goes there: the service's word wins over the setting. Two
 * addresses among them: refused as two edges.
 */
function edgeBesideConfigured(datasets: readonly string[], facts: EdgeFacts, configured: string): string {
  const defaultName = facts.defaultEdge?.trim() || undefined;
  const reached = datasetsByEdge(datasets, facts, (edge, dataset) => {
    if (edge && !edge.url && defaultName !== undefined && edge.name !== defaultName)
      throw unknownEdgeError(dataset, edge.name);
    const url = edge?.url ?? configured;
    return { key: url, edge: { name: edge?.name || defaultName || new URL(url).host, url } };
  });
  if (reached.size > 1) {
    const [first, second] = [...reached.values()];
    throw twoEdgesError(first, second, defaultName);
  }
  return reached.keys().next().value ?? configured;
}

/** The datasets of a query by where they go (`place` says, from each one's edge as the lists name
 *  it): the first dataset and the edge of each place, in the order met. */
function datasetsByEdge(
  datasets: readonly string[],
  facts: EdgeFacts,
  place: (edge: Edge | undefined, dataset: string) => { key: string; edge: Edge },
): Map<string, { edge: Edge; dataset: string }> {
  const byName = new Map(facts.datasets.map((d) => [d.name, d]));
  const reached = new Map<string, { edge: Edge; dataset: string }>();
  for (const name of datasets) {
    const known = byName.get(name);
    const { key, edge } = place(known && edgeOfDataset(known, facts.deploymentOrigin), name);
    if (!reached.has(key)) reached.set(key, { edge, dataset: name });
  }
  return reached;
}

function unknownEdgeError(dataset: string, edge: string): AxiomError {
  return new AxiomError(
    'config',
    phrase(
      'The dataset {0} is on the edge deployment {1}, whose address the extension does not know. Set the deployment’s edge URL.',
      dataset,
      edge,
    ),
    { code: UNKNOWN_EDGE },
  );
}

/** An edge Test Connection checks: `configured` when it is the one the person set. */
export interface EdgeInUse {
  name: string;
  url: string;
  configured?: true;
}

/** The edge the person set, first, then the edges other than the default that hold datasets and can
 *  be reached, each address once (Test Connection checks each). */
export function edgesInUse(facts: EdgeFacts): EdgeInUse[] {
  const found = new Map<string, EdgeInUse>();
  const configured = configuredUrl(facts);
  if (configured) found.set(configured, { name: new URL(configured).host, url: configured, configured: true });
  for (const dataset of facts.datasets) {
    const edge = edgeOfDataset(dataset, facts.deploymentOrigin);
    if (edge?.url && edge.name !== facts.defaultEdge && !found.has(edge.url))
      found.set(edge.url, { name: edge.name, url: edge.url });
  }
  return [...found.values()];
}

/**
 * The edge MPL goes to when no dataset names one: the edge URL the person set, else the org's
 * default edge's, else (api.axiom.co) US East 1, else the deployment's own origin (a local service).
 */
export function defaultEdgeUrl(facts: Omit<EdgeFacts, 'datasets'>): string {
  const configured = configuredUrl(facts);
  if (configured) return configured;
  if (!isAxiomOrigin(facts.deploymentOrigin)) return facts.deploymentOrigin;
  return (facts.defaultEdge && edgeUrlOfName(facts.defaultEdge)) || US_EAST_EDGE;
}

const US_EAST_EDGE = 'https://us-east-1.aws.edge.axiom.co';

/** The base URL of the edge the person set, when it is set and usable (the accounts say why when not). */
function configuredUrl(facts: Pick<EdgeFacts, 'configuredEdgeUrl'>): string | undefined {
  if (!facts.configuredEdgeUrl?.trim()) return undefined;
  const read = readEdgeSetting(facts.configuredEdgeUrl);
  return read.ok ? read.url : undefined;
}

function twoEdgesError(
  first: { edge: Edge; dataset: string },
  second: { edge: Edge; dataset: string },
  defaultName: string | undefined,
): AxiomError {
  const label = (e: Edge) => e.name || defaultName || phrase('the organisation’s default edge');
  return new AxiomError(
    'badRequest',
    phrase(
      'The query reads {0} on the edge deployment {1} and {2} on {3}; one query reaches one edge only. Query them apart, or join their results elsewhere.',
      first.dataset,
      label(first.edge),
      second.dataset,
      label(second.edge),
    ),
    { code: TWO_EDGES },
  );
}

/** A personal token's prefix: edges take API tokens only. */
export function isPersonalToken(token: string): boolean {
  return token.startsWith('xapt-');
}

/** An edge's refusal of the token, said as the kind of token it needs. */
export function edgeTokenError(edgeUrl: string, token: string, refused: AxiomError): AxiomError {
  const host = new URL(edgeUrl).host;
  return new AxiomError(
    refused.kind,
    isPersonalToken(token)
      ? phrase(
          'The edge deployment at {0} does not take personal access tokens: set an API token (xaat-…) that can query these datasets.',
          host,
        )
      : phrase(
          'The edge deployment at {0} refused the token: it takes API tokens (xaat-…) that can query these datasets.',
          host,
        ),
    { status: refused.status, serviceMessage: refused.serviceMessage, traceId: refused.traceId, code: EDGE_TOKEN_KIND },
  );
}
