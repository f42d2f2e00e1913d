// Commands are the person's door: their arguments may come from another extension, a `command:`
// link or a keybinding. What skips a confirmation (`confirmed`), carries a token or names a home
// folder or a file to import is the extension's own to give: its code calls the feature's
// functions (each feature's `own`), never the command with those arguments. From outside, they
// are dropped and the command asks, as it does from the Command Palette.
import type { Log } from './log';

/** `args` without the named keys (a new object; anything but an object is kept as it is), with a
 *  line in the log when one was there, so that a script that relied on it learns why it was asked. */
export function withoutOwnArguments<T>(command: string, args: T, keys: readonly string[], log: Log): T {
  if (typeof args !== 'object' || args === null) return args;
  const dropped = keys.filter((key) => key in args);
  if (!dropped.length) return args;
  log.warn(
    `${command}: ${dropped.join(', ')} from outside the extension is ignored; it asks as from the Command Palette`,
  );
  const kept: Record<string, unknown> = { ...(args as Record<string, unknown>) };
  for (const key of dropped) delete kept[key];
  return kept as T;
}
