// Links in a hover's markdown to what event data names: a place in code (Open Code Location) and a
// trace (Open Trace). The markdown is trusted for these two commands only (platform/linkMarkdown.ts);
// everything else in it is text from logs, so it is escaped (core/markdown.ts) and can never be a
// link, an image, HTML or another command. A link's argument is JSON, percent-encoded whole into
// the command URI (every character markdown or a URI could read as syntax is encoded), and the
// command reads it as data again (readPlace, readTraceRequest). Plain strings in and out, no `vscode`.
import { escapeMarkdown } from '../markdown';
import type { CodePlace } from './codePlaces';
import { oneLine, type ErrorSpot } from './productionErrors';

/** The commands a hover's links run: its markdown trusts these and no other. */
export const LINK_COMMANDS = {
  openCodePlace: 'axiom.openCodePlace',
  openTrace: 'axiom.openTrace',
} as const;
export type LinkCommand = (typeof LINK_COMMANDS)[keyof typeof LINK_COMMANDS];

/** `command:<id>?<arguments>`: the arguments as a JSON array, every character but letters, digits,
 *  `-`, `_` and `.` percent-encoded (so no `(`, `)`, `[`, `]`, space or `*` reaches the markdown). */
export function commandUri(command: LinkCommand, argument: unknown): string {
  const encoded = encodeURIComponent(JSON.stringify([argument])).replace(
    /[!'()*~]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `command:${command}?${encoded}`;
}

/** A markdown link that runs `command` with `argument`; its label is text, shown as written. */
export function commandLink(label: string, command: LinkCommand, argument: unknown): string {
  return `[${escapeMarkdown(oneLine(label)) || '\\-'}](${commandUri(command, argument)})`;
}

/** A place as people write it: `path:line:column`. */
export function placeText(place: CodePlace): string {
  let text = place.path;
  if (place.line !== undefined) text += `:${place.line}`;
  if (place.line !== undefined && place.column !== undefined) text += `:${place.column}`;
  return text;
}

/** A link to a place in code, labelled `path:line:column` (and the function, when the data names one). */
export function placeLink(place: CodePlace): string {
  const argument = {
    path: place.path,
    ...(place.line !== undefined && { line: place.line }),
    ...(place.column !== undefined && { column: place.column }),
  };
  const fn = place.function ? ` · ${escapeMarkdown(oneLine(place.function))}` : '';
  return `${commandLink(placeText(place), LINK_COMMANDS.openCodePlace, argument)}${fn}`;
}

/** A link that opens a trace (its id and when it was seen, as the results panel's Open Trace sends them). */
export function traceLink(label: string, traceId: string, seenAt?: string): string {
  return commandLink(label, LINK_COMMANDS.openTrace, { traceId, ...(seenAt !== undefined && { seenAt }) });
}

/** The words of a production error's hover, in the display language (the feature's to say). */
export interface SpotHoverWords {
  /** Above the frames: what they are. */
  readonly stack: string;
  readonly openTrace: string;
}

/** A production error's hover (beside its diagnostic's sentence, which says what was thrown): the
 *  stack of its first event as links to each frame (this line's marked), and Open Trace when an
 *  event named its trace. Empty when there is neither. */
export function spotHoverMarkdown(
  spot: Pick<ErrorSpot, 'frames' | 'thrownAt' | 'trace'>,
  words: SpotHoverWords,
): string {
  const lines: string[] = [];
  if (spot.frames.length) {
    lines.push(escapeMarkdown(oneLine(words.stack)), '');
    spot.frames.forEach((frame, index) => lines.push(`- ${placeLink(frame)}${index === spot.thrownAt ? ' ←' : ''}`));
  }
  if (spot.trace)
    lines.push(...(lines.length ? [''] : []), traceLink(words.openTrace, spot.trace.traceId, spot.trace.seenAt));
  return lines.join('\n');
}
