// Named imports: a default import of a Node module makes the bundle copy the module's properties
// as it loads (esbuild's ESM wrapper), and this file is loaded at activation. `fs.promises`, not
// node:fs/promises: Node loads its promises API (and readline's, which it requires) on the first
// read of `promises`, after activation, where importing node:fs/promises loaded them with
// extension.js: 0.8 ms of its 1.8 ms top level in plain Node.
import { promises as fsPromises } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { cliJsonConfigPaths } from '../core/accounts/cliPaths';

/** Where the Axiom CLI keeps its configuration, under a home folder. */
export function cliConfigPath(home = homedir()): string {
  return join(home, '.axiom.toml');
}

/** A CLI configuration on this machine: the Go CLI's TOML or the newer CLI's JSON. */
export interface CliSource {
  kind: 'toml' | 'json';
  file: string;
}

/** The CLI configurations that exist under a home folder, the Go CLI's first (the environment's
 *  XDG_CONFIG_HOME and APPDATA count only for the person's own home). */
export async function findCliSources(home?: string): Promise<CliSource[]> {
  const exists = (file: string) =>
    fsPromises.access(file).then(
      () => true,
      () => false,
    );
  const found: CliSource[] = [];
  if (await exists(cliConfigPath(home))) found.push({ kind: 'toml', file: cliConfigPath(home) });
  for (const file of cliJsonConfigPaths({
    platform: process.platform,
    home: home ?? homedir(),
    env: home ? {} : process.env,
  })) {
    if (await exists(file)) {
      found.push({ kind: 'json', file });
      break;
    }
  }
  return found;
}
