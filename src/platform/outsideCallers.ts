// Commands are the person's door: VS Code hands a command whatever its caller gives, and the caller
// may be another extension, a `command:` link or a keybinding as well as the extension's own views
// and buttons. One rule holds every command that changes something in Axiom, in the person's
// settings or in their sign-in (each marked `changing` in its feature's declaration): called with
// arguments the extension did not make, it asks the person before anything changes, as it does
// from the Command Palette. The commands' bodies (lazyEntries.ts's registerCommands) apply it to every command.
//
// The extension's own arguments pass as they always did: the rows its views hand VS Code (marked
// here by the list views) come back from a menu as the same objects. Its own code calls the
// features' functions (each feature's `own`), never a command with arguments only it may give.
//
// Arguments from outside are copied to plain data here, once, before any question: the caller's
// object may answer one id while the question is asked and another after (a getter, a proxy), so
// nothing the command does reads the caller's object again. A command that changes a record takes
// only its id from that copy and reads the record from Axiom by it.
import { changingCommand } from './declarations';
import { load } from './lazy';

/** Gives back the object it is called with: a class extending it installs its fields on that object. */
class Stamp {
  constructor(value: object) {
    return value;
  }
}

/** Objects the extension made and handed VS Code carry this class's private mark: given back to a
 *  command, they are its own. A private name cannot be read or copied from outside this module
 *  (unlike a symbol), and marking is a property write (a WeakSet of many short-lived rows was a
 *  tenth of expanding 5,000 fields). */
class Own extends Stamp {
  #own = true;
  static has(value: object): boolean {
    return #own in value || FROZEN.has(value);
  }
  /** Marks each object of `values`, in one loop (a view hands over thousands of rows at once). */
  static markAll(values: readonly unknown[]): void {
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      // Marked already (a second mark would throw); the set is not asked for a fresh row.
      if (typeof value !== 'object' || value === null || #own in value) continue;
      // The language may come to refuse a new private field on a frozen object: a set holds those.
      if (Object.isExtensible(value)) new Own(value);
      else FROZEN.add(value);
    }
  }
}
/** The extension's own objects that cannot take the mark. */
const FROZEN = new WeakSet<object>();

/** Marks each object of `values` as the extension's own (a view's rows, as VS Code will hand them
 *  back to a command from a menu); gives `values` back. */
export function ownArguments<T extends readonly unknown[]>(values: T): T {
  Own.markAll(values);
  return values;
}

/** Nothing given (the Command Palette, a keybinding without arguments), one of the extension's own
 *  objects, or a list of them (a view's selection). */
function isOwnOrNothing(arg: unknown): boolean {
  if (arg === undefined || arg === null) return true;
  if (Array.isArray(arg)) return arg.every(isOwnOrNothing);
  return typeof arg === 'object' && Own.has(arg);
}

/** `arg` without the keys only the extension's own code may give; an object left with nothing is
 *  no argument at all (the command asks as from the Command Palette). Anything else is kept. */
function withoutOwnOnly(arg: unknown, keys: readonly string[]): unknown {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return arg;
  if (!keys.some((key) => key in arg)) return arg;
  const kept: Record<string, unknown> = { ...(arg as Record<string, unknown>) };
  for (const key of keys) delete kept[key];
  return Object.keys(kept).length ? kept : undefined;
}

/**
 * The command `id`'s body as VS Code is to call it. A command that changes nothing, or one called
 * with nothing or with the extension's own objects, runs as it is. Called from outside, a changing
 * command's arguments are copied to plain data (outsideQuestion.ts's plainArguments, loaded then),
 * then lose the arguments only the extension gives (its declaration's `ownOnly`); the command
 * either asks itself (`asks: 'itself'`) or is run only when the person allows it in a modal
 * question that names what it does and shows the copy as data; declined, it returns undefined and
 * nothing changed. The body gets the copy, never the caller's objects.
 */
export function heldFromOutside(id: string, body: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
  // The declaration is read on the first call from outside, not at registration: activation
  // registers every command, and looking each up there was a tenth of activate().
  return (...args: unknown[]) => {
    if (args.every(isOwnOrNothing)) return body(...args);
    const changing = changingCommand(id);
    if (!changing) return body(...args);
    const outside = load('outsideQuestion');
    const given = outside.plainArguments(args).map((arg) => withoutOwnOnly(arg, changing.ownOnly));
    if (changing.asks === 'itself' || given.every(isOwnOrNothing)) return body(...given);
    return outside.askFirst(id, changing.name, given).then((allowed) => (allowed ? body(...given) : undefined));
  };
}
