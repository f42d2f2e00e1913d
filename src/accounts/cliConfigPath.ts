import os from 'node:os';
import path from 'node:path';

/** Where the Axiom CLI keeps its configuration, under a home folder. */
export function cliConfigPath(home = os.homedir()): string {
  return path.join(home, '.axiom.toml');
}
