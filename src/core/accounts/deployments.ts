// Deployments: the Axiom services and orgs a person works with, each a name, an API url, an
// optional org id, an optional edge and (kept apart, in secret storage) a token. Which one a window
// uses, and what a person may name or point one at.
import { phrase, type Phrase } from '../phrase';
import { resolveEndpoint } from '../api/baseUrl';
import { readEdgeSetting } from '../api/edgeSetting';
import { checkOrgIdInput } from './tokenInput';

export interface Deployment {
  name: string;
  url: string;
  orgId?: string;
  /** The edge its datasets are queried at when the service names none for a dataset (and MPL's),
   *  as the person wrote it: a region (`eu-central-1`) or an address (see deploymentEdge). */
  edge?: string;
}

/**
 * The deployment of a person who never added one: `axiom.url`, `axiom.orgId` and the token set
 * with Set API Token. It is always there, so that a single account needs no setting up beyond
 * that. Its name is empty, which no listed deployment's can be, so an imported one cannot clash.
 */
export const SETTINGS_DEPLOYMENT = '';

/** Where the window's choice of deployment came from, for the status bar's tooltip and messages. */
export type ChosenBy = 'workspace' | 'environment' | 'switch' | 'only' | 'default';

export interface DeploymentChoice {
  name: string;
  by: ChosenBy;
}

export interface ChoiceInput {
  /** The names of the listed deployments (the settings deployment is not among them). */
  listed: readonly string[];
  /** `axiom.deployment` as a workspace or folder sets it. */
  pinned?: string;
  /** AXIOM_DEPLOYMENT in the extension host's environment, as the Axiom CLI reads it. */
  environment?: string;
  /** The last one switched to on this machine. */
  switchedTo?: string;
  /** Whether the settings deployment has a token. */
  settingsHasToken: boolean;
}

/**
 * The deployment a window uses: the workspace's pin first (even when it names one that is not set
 * up here: the caller says so rather than quietly using another), then AXIOM_DEPLOYMENT, then the
 * last switch, then the only listed one when the settings deployment has no token, else that one.
 */
export function chooseDeployment(input: ChoiceInput): DeploymentChoice {
  const known = (name: string | undefined) =>
    name !== undefined && (name === SETTINGS_DEPLOYMENT || input.listed.includes(name));
  const pinned = input.pinned?.trim();
  if (pinned) return { name: pinned, by: 'workspace' };
  const environment = input.environment?.trim();
  if (environment && known(environment)) return { name: environment, by: 'environment' };
  if (known(input.switchedTo)) return { name: input.switchedTo!, by: 'switch' };
  if (input.listed.length === 1 && !input.settingsHasToken) return { name: input.listed[0], by: 'only' };
  return { name: SETTINGS_DEPLOYMENT, by: 'default' };
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: Phrase };

/** A name for a new or renamed deployment: not empty, one line, not taken (ignoring case). */
export function checkDeploymentName(
  raw: string | undefined,
  taken: readonly string[],
  renaming?: string,
): Checked<string> {
  const name = (raw ?? '').trim();
  if (!name) return { ok: false, problem: phrase('A deployment needs a name.') };
  // eslint-disable-next-line no-control-regex -- a control character (a line break) is what it refuses
  if (/[\u0000-\u001f]/.test(name)) return { ok: false, problem: phrase('A deployment name is one line of text.') };
  if (name.length > 64) return { ok: false, problem: phrase('A deployment name has at most 64 characters.') };
  const clash = taken.find((other) => other.toLowerCase() === name.toLowerCase() && other !== renaming);
  if (clash) return { ok: false, problem: phrase('There is a deployment named “{0}” already.', clash) };
  return { ok: true, value: name };
}

/** A deployment's API url: what `axiom.url` accepts (https, no credentials, no query). */
export function checkDeploymentUrl(raw: string | undefined): Checked<string> {
  const url = (raw ?? '').trim();
  if (!url)
    return { ok: false, problem: phrase("A deployment needs the API's address, such as https://api.axiom.co.") };
  const check = resolveEndpoint(url);
  return check.ok ? { ok: true, value: url.replace(/\/+$/, '') } : { ok: false, problem: check.problem };
}

/** The edge of a deployment, as the client takes it: its base URL, none, or why what is set is not used. */
export function deploymentEdge(deployment: Pick<Deployment, 'edge'>): Checked<string | undefined> {
  if (!deployment.edge?.trim()) return { ok: true, value: undefined };
  const read = readEdgeSetting(deployment.edge);
  return read.ok ? { ok: true, value: read.url } : read;
}

/** An edge a person sets, or nothing: kept as written (trimmed) when it reads as an edge. */
export function checkOptionalEdge(raw: string | undefined): Checked<string | undefined> {
  const edge = (raw ?? '').trim();
  if (!edge) return { ok: true, value: undefined };
  const read = readEdgeSetting(edge);
  return read.ok ? { ok: true, value: edge } : read;
}

/**
 * The edge a deployment of the Axiom CLI's keeps, as a deployment here keeps it: `edge_url` when it
 * reads as an edge (it is the more precise), else `edge_region`; when one is set and neither reads,
 * why (the import says so and leaves the edge out: the CLI's file keeps it).
 */
export function cliEdge(cli: { edgeUrl?: string; edgeRegion?: string }): { edge?: string; problem?: Phrase } {
  const given = [cli.edgeUrl, cli.edgeRegion].filter((e): e is string => e !== undefined && e.trim() !== '');
  for (const edge of given) if (readEdgeSetting(edge).ok) return { edge: edge.trim() };
  const first = given.length ? readEdgeSetting(given[0]) : undefined;
  return first && !first.ok ? { problem: first.problem } : {};
}

/** An org id, or nothing: optional for API tokens. */
export function checkOptionalOrgId(raw: string | undefined): Checked<string | undefined> {
  if (!(raw ?? '').trim()) return { ok: true, value: undefined };
  const check = checkOrgIdInput(raw);
  return check.ok ? { ok: true, value: check.orgId } : check;
}

/**
 * The listed deployments as a setting holds them: entries that are not a name and a usable url are
 * left out and named in `problems` (settings are typed by hand too), duplicates after the first too.
 */
export function readDeployments(value: unknown): { deployments: Deployment[]; problems: Phrase[] } {
  const deployments: Deployment[] = [];
  const problems: Phrase[] = [];
  if (value === undefined || value === null) return { deployments, problems };
  if (!Array.isArray(value))
    return { deployments, problems: [phrase('axiom.deployments is not a list; it is ignored.')] };
  value.forEach((entry: unknown, index) => {
    const record = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const name = checkDeploymentName(
      typeof record.name === 'string' ? record.name : undefined,
      deployments.map((d) => d.name),
    );
    const url = checkDeploymentUrl(typeof record.url === 'string' ? record.url : undefined);
    const orgId = checkOptionalOrgId(typeof record.orgId === 'string' ? record.orgId : undefined);
    const problem = !name.ok ? name.problem : !url.ok ? url.problem : !orgId.ok ? orgId.problem : undefined;
    if (problem || !name.ok || !url.ok || !orgId.ok) {
      problems.push(phrase('axiom.deployments, entry {0}: {1}', index + 1, problem ?? ''));
      return;
    }
    const deployment: Deployment = { name: name.value, url: url.value };
    if (orgId.value) deployment.orgId = orgId.value;
    // An edge that cannot be used is said and not used, but kept as written: the entry (and the
    // person's text) survive the next write of the list.
    if (typeof record.edge === 'string' && record.edge.trim()) {
      deployment.edge = record.edge.trim();
      const edge = checkOptionalEdge(deployment.edge);
      if (!edge.ok)
        problems.push(
          phrase(
            'axiom.deployments, entry {0} (“{1}”): its edge is not used: {2}',
            index + 1,
            name.value,
            edge.problem,
          ),
        );
    } else if (record.edge !== undefined && record.edge !== null && record.edge !== '') {
      problems.push(
        phrase('axiom.deployments, entry {0} (“{1}”): its edge is not text: not used.', index + 1, name.value),
      );
    }
    deployments.push(deployment);
  });
  return { deployments, problems };
}
