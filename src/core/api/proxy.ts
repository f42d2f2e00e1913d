// Which proxy, if any, a request to the API goes through: VS Code's `http.proxy` setting first,
// then the HTTPS_PROXY / HTTP_PROXY environment, with `http.noProxy` and NO_PROXY as exceptions.

import { phrase, type Phrase } from '../phrase';
import { bareHostname, portOf } from './baseUrl';

export interface ProxySettings {
  /** `http.proxy`; empty = use the environment. */
  proxy: string;
  /** `http.noProxy`: hosts reached directly. */
  noProxy: string[];
}

export type Environment = Readonly<Record<string, string | undefined>>;

export function chooseProxy(target: URL, settings: ProxySettings, env: Environment = process.env): string | undefined {
  const fromEnv =
    target.protocol === 'https:'
      ? (envValue(env, 'HTTPS_PROXY') ?? envValue(env, 'HTTP_PROXY'))
      : envValue(env, 'HTTP_PROXY');
  const proxy = settings.proxy.trim() || fromEnv;
  if (!proxy) return undefined;
  const exceptions = [...settings.noProxy, ...(envValue(env, 'NO_PROXY') ?? '').split(',')];
  return bypasses(target, exceptions) ? undefined : proxy;
}

/** The proxy as a URL, or what is wrong with it: undici speaks to http and https proxies only. */
export function parseProxy(proxy: string): { ok: true; url: URL } | { ok: false; problem: Phrase } {
  let url: URL;
  try {
    url = new URL(proxy);
  } catch {
    return {
      ok: false,
      problem: phrase(
        'The proxy "{0}" (http.proxy or HTTPS_PROXY) is not a URL such as http://proxy.example.com:3128.',
        describeProxy(proxy),
      ),
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      ok: false,
      problem: phrase(
        'The proxy {0} uses {1}; only http and https proxies are supported.',
        describeProxy(proxy),
        url.protocol.replace(':', ''),
      ),
    };
  }
  return { ok: true, url };
}

/** A proxy address fit for a log line: the credentials it may hold are hidden. */
export function describeProxy(proxy: string): string {
  try {
    const url = new URL(proxy);
    return `${url.protocol}//${url.username || url.password ? '••••@' : ''}${url.host}`;
  } catch {
    return 'an unreadable proxy address';
  }
}

/** The lower-case spelling wins, as in curl and undici. */
function envValue(env: Environment, name: string): string | undefined {
  const value = env[name.toLowerCase()] ?? env[name];
  return value?.trim() || undefined;
}

/** `*` matches all; `example.com` and `.example.com` match it and its subdomains; `host:port` only that port. */
function bypasses(target: URL, exceptions: string[]): boolean {
  const host = bareHostname(target).toLowerCase();
  const port = String(portOf(target));
  return exceptions.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (!entry) return false;
    if (entry === '*') return true;
    const [name, entryPort] = splitHostPort(entry);
    if (entryPort && entryPort !== port) return false;
    const domain = name.replace(/^\*?\./, '');
    return host === domain || host.endsWith(`.${domain}`);
  });
}

function splitHostPort(entry: string): [string, string | undefined] {
  const bracketed = /^\[(.+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return [bracketed[1], bracketed[2]];
  const parts = entry.split(':');
  // More than one colon and no brackets: a bare IPv6 address, with no port.
  return parts.length === 2 ? [parts[0], parts[1]] : [entry, undefined];
}

/** What Test Connection says of the proxy a request took (`used`, as a URL; undefined: none), and
 *  why, in the order VS Code resolves it: its switch, this machine, http.noProxy or NO_PROXY,
 *  http.proxy, HTTPS_PROXY/HTTP_PROXY, then the operating system's settings or PAC file. */
export function nameProxy(
  used: string | undefined,
  target: URL,
  settings: ProxySettings & { off?: boolean },
  env: Environment = process.env,
): Phrase {
  const fromEnv =
    target.protocol === 'https:'
      ? (envEntry(env, 'HTTPS_PROXY') ?? envEntry(env, 'HTTP_PROXY'))
      : envEntry(env, 'HTTP_PROXY');
  if (used) {
    if (settings.proxy.trim() && sameProxy(settings.proxy, used))
      return phrase('{0}, from http.proxy', describeProxy(used));
    if (fromEnv && sameProxy(fromEnv.value, used)) return phrase('{0}, from {1}', describeProxy(used), fromEnv.name);
    return phrase('{0}, from the system’s proxy settings or PAC file', describeProxy(used));
  }
  if (settings.off) return phrase('none: http.proxySupport is off');
  const host = bareHostname(target).toLowerCase();
  if (host === 'localhost' || host === '127.0.0.1' || host === '::1')
    return phrase('none: VS Code connects to this machine directly');
  if (bypasses(target, settings.noProxy)) return phrase('none: {0} is in http.noProxy', host);
  if ((settings.proxy.trim() || fromEnv) && bypasses(target, (envValue(env, 'NO_PROXY') ?? '').split(',')))
    return phrase('none: {0} is in NO_PROXY', host);
  return phrase('none: no proxy is set, and the system’s settings name none for {0}', host);
}

function envEntry(env: Environment, name: string): { name: string; value: string } | undefined {
  const value = envValue(env, name);
  return value ? { name, value } : undefined;
}

/** The same proxy when both name the same host and port (a scheme or credentials aside). */
function sameProxy(a: string, b: string): boolean {
  try {
    const [x, y] = [new URL(a.trim()), new URL(b.trim())];
    return x.hostname === y.hostname && portOf(x) === portOf(y);
  } catch {
    return false;
  }
}
