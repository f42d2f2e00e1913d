// The Axiom CLI's configuration, `~/.axiom.toml`: `active_deployment = "NAME"` and one
// `[deployments.NAME]` table per deployment with `url`, `token`, `org_id` and optionally `edge_url`
// or `edge_region` (the edge its datasets are queried at: deployments.ts's `cliEdge`). Read by the rules the CLI
// itself follows: with a single deployment that one is active, and `cloud.` in a url means `api.`.
import { parse, TomlError } from 'smol-toml';
import { phrase, type Phrase } from '../phrase';

export interface CliDeployment {
  name: string;
  url: string;
  token: string;
  orgId?: string;
  edgeUrl?: string;
  edgeRegion?: string;
}

export type CliConfig =
  { ok: true; deployments: CliDeployment[]; active?: string; notes: Phrase[] } | { ok: false; problem: Phrase };

export type Table = Record<string, unknown>;

export function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** The CLI's rule: a host name that starts with `cloud.` names the API at `api.` (nothing else in
 *  the address changes, so a token never goes to a host the file did not name but for that). */
function apiUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.hostname.startsWith('cloud.')) return url;
    parsed.hostname = `api.${parsed.hostname.slice('cloud.'.length)}`;
    return url.endsWith('/') ? parsed.href : parsed.href.replace(/\/$/, '');
  } catch {
    return url; // not a URL: the import's own check says so
  }
}

/** The file's deployments, or the one problem that stops the import (a parse error names its line). */
export function readCliConfig(source: string): CliConfig {
  let document: Table;
  try {
    document = parse(source);
  } catch (error) {
    if (error instanceof TomlError) {
      const what = error.message.split('\n')[0].replace(/^Invalid TOML document:\s*/, '');
      return { ok: false, problem: phrase('line {0}, column {1}: {2}', error.line, error.column, what) };
    }
    return { ok: false, problem: phrase('the file could not be read as TOML.') };
  }
  return readDeploymentTables(document, { cloudToApi: true, singleIsActive: true });
}

/** The rules a CLI reads its file by: the Go CLI rewrites `cloud.` hosts and takes a single
 *  deployment as active; the newer CLI does neither. */
export interface CliRules {
  cloudToApi: boolean;
  singleIsActive: boolean;
}

/** `{ active_deployment, deployments: { NAME: { url, token, org_id, … } } }`, as both CLIs keep it. */
export function readDeploymentTables(document: Table, rules: CliRules): CliConfig {
  const notes: Phrase[] = [];
  const tables = document.deployments;
  if (tables === undefined || (isTable(tables) && !Object.keys(tables).length))
    return { ok: true, deployments: [], notes: [phrase('it lists no deployments.')] };
  if (!isTable(tables)) return { ok: false, problem: phrase('“deployments” is not a table of deployments.') };

  const deployments: CliDeployment[] = [];
  for (const [name, table] of Object.entries(tables)) {
    if (!isTable(table)) {
      notes.push(phrase('“{0}” is not a table: left out.', name));
      continue;
    }
    const url = text(table.url);
    const token = text(table.token);
    if (!url || !token) {
      notes.push(url ? phrase('“{0}” has no token: left out.', name) : phrase('“{0}” has no url: left out.', name));
      continue;
    }
    const deployment: CliDeployment = { name, url: rules.cloudToApi ? apiUrl(url) : url, token };
    const orgId = text(table.org_id);
    if (orgId) deployment.orgId = orgId;
    const edgeUrl = text(table.edge_url);
    if (edgeUrl) deployment.edgeUrl = edgeUrl;
    const edgeRegion = text(table.edge_region);
    if (edgeRegion) deployment.edgeRegion = edgeRegion;
    deployments.push(deployment);
  }

  const named = text(document.active_deployment);
  let active: string | undefined;
  if (rules.singleIsActive && deployments.length === 1) active = deployments[0].name;
  else if (named && deployments.some((d) => d.name === named)) active = named;
  else if (named) notes.push(phrase('the active deployment “{0}” is not among them.', named));
  return active ? { ok: true, deployments, active, notes } : { ok: true, deployments, notes };
}
