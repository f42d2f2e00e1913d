// An edge as a person sets it (axiom.edge, a deployment's `edge`, the CLI's `edge_url` or
// `edge_region`), read into the base URL its query endpoints are under, or what is wrong with it.
// Apart from edges.ts (the routing, in the client's bundle), so that the accounts read a setting
// without it.
import { phrase, type Phrase } from '../phrase';
import { isLoopbackHost } from './baseUrl';

/** Where the documented edges are: `https://{region}.{cloud}.edge.axiom.co`. */
const EDGE_NAME = /^(?:cloud\.)?([a-z]{2}-[a-z]+-\d{1,2})\.(aws|gcp|azure)$/i;
/** A region alone (`eu-central-1`, as the CLI's `edge_region` says it): the documented edges are AWS's. */
const REGION_NAME = /^[a-z]{2}-[a-z]+-\d{1,2}$/i;
/** Longer than any address a person types: refused without being echoed. */
const MAX_EDGE_SETTING_CHARS = 2048;
/** The base URL of a documented edge's name (`cloud.eu-central-1.aws` → `https://eu-central-1.aws.edge.axiom.co`). */
export function edgeUrlOfName(name: string): string | undefined {
  const match = EDGE_NAME.exec(name.trim());
  return match ? `https://${match[1].toLowerCase()}.${match[2].toLowerCase()}.edge.axiom.co` : undefined;
}

/** An edge as the person set it (a setting, the CLI's `edge_url` or `edge_region`): its base URL, or what is wrong. */
export type EdgeSetting = { ok: true; url: string } | { ok: false; problem: Phrase };

/**
 * Reads an edge the person set: a region (`eu-central-1`), an edge's name (`eu-central-1.aws`,
 * `cloud.eu-central-1.aws`) or its address (`https://eu-central-1.aws.edge.axiom.co`, the scheme
 * optional). A name becomes its documented address; an address must be https (plain http only to
 * this machine, as axiom.url), with no credentials, query or endpoint path: the token goes there.
 */
export function readEdgeSetting(raw: string): EdgeSetting {
  const value = raw.trim();
  const example = 'https://eu-central-1.aws.edge.axiom.co';
  if (value.length > MAX_EDGE_SETTING_CHARS)
    return {
      ok: false,
      problem: phrase('The edge is {0} characters long: give a region or an address.', value.length),
    };
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  // eslint-disable-next-line no-control-regex -- a space or control character is what it refuses
  if (!value || /[\s\u0000-\u001f\u007f]/.test(value))
    return {
      ok: false,
      problem: phrase('The edge “{0}” is not a region or an address, such as eu-central-1 or {1}.', shown, example),
    };
  const named = edgeUrlOfName(REGION_NAME.test(value) ? `${value}.aws` : value);
  if (named) return { ok: true, url: named };
  let url: URL;
  try {
    url = new URL(value.includes('://') ? value : `https://${value}`);
  } catch {
    return {
      ok: false,
      problem: phrase('The edge “{0}” is not a region or an address, such as eu-central-1 or {1}.', shown, example),
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return {
      ok: false,
      problem: phrase('The edge “{0}” uses {1}; edges are reached over https.', shown, url.protocol.replace(':', '')),
    };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    return {
      ok: false,
      problem: phrase(
        'The edge “{0}” is plain http: the token would travel unencrypted. Use https (http is allowed only for localhost).',
        shown,
      ),
    };
  if (url.username || url.password)
    return {
      ok: false,
      problem: phrase('The edge’s address holds a user name or password; remove it (the token is sent separately).'),
    };
  if (url.search || url.hash || !url.hostname)
    return {
      ok: false,
      problem: phrase('The edge “{0}” has a query string or fragment; give only the address.', shown),
    };
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  if (/\/(?:v1|v2|query|datasets)(?:\/|$)|_apl|_mpl/i.test(path))
    return {
      ok: false,
      problem: phrase('The edge “{0}” names an endpoint: give only the edge’s address, such as {1}.', shown, example),
    };
  return { ok: true, url: url.origin + path };
}
