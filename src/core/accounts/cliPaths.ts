// Where Axiom's newer CLI (the `axiom` package on npm) keeps its config.json: `$XDG_CONFIG_HOME/axiom`
// when that is set (on every platform), else `%APPDATA%\\axiom` on Windows, `~/Library/Application
// Support/axiom` on macOS (older versions used `~/.config/axiom` there too), `~/.config/axiom`
// elsewhere; its README also names `~/.axiom.json`. Paths only: light enough for activation.
import { posix, win32 } from 'node:path';

export interface PlatformHome {
  platform: NodeJS.Platform;
  home: string;
  env: Record<string, string | undefined>;
}

/** Where the newer CLI's file may be, in the order it looks (the first that exists is its). */
export function cliJsonConfigPaths({ platform, home, env }: PlatformHome): string[] {
  // Path's functions are read through their module: they are declared as methods.
  const platformPath = platform === 'win32' ? win32 : posix;
  const join = (...parts: string[]) => platformPath.join(...parts);
  const inFolder = (folder: string) => join(folder, 'axiom', 'config.json');
  const paths: string[] = [];
  const xdg = env.XDG_CONFIG_HOME?.trim();
  if (xdg) paths.push(inFolder(xdg));
  if (platform === 'win32') paths.push(inFolder(env.APPDATA?.trim() || join(home, 'AppData', 'Roaming')));
  else if (platform === 'darwin')
    paths.push(inFolder(join(home, 'Library', 'Application Support')), inFolder(join(home, '.config')));
  else paths.push(inFolder(join(home, '.config')));
  paths.push(join(home, '.axiom.json'));
  return [...new Set(paths)];
}
