// Arguments a command was given, shown to the person as data: what a question about a call from
// outside the extension shows (platform/outsideCallers.ts).

/** The most of the arguments shown. */
export const SHOWN_CHARACTERS = 2000;

/** The characters that would reorder or hide text around them (bidirectional controls, zero-width
 *  and line separators) and the control characters but the line feed JSON's layout uses. */
const UNSEEN =
  // eslint-disable-next-line no-control-regex -- these characters are what is escaped
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/**
 * The arguments as JSON (one argument alone, several as a list): every text quoted, nothing
 * rendered, laid out on lines; each character that reorders or hides text written as its escape
 * (inside a JSON string, an escape that reads back as the same character), cut at SHOWN_CHARACTERS
 * with an ellipsis. A value JSON cannot write (a cycle, a function) is shown as String gives it.
 */
export function argumentsAsData(args: readonly unknown[]): string {
  const given = args.length === 1 ? args[0] : args;
  let text: string;
  try {
    text = JSON.stringify(given, null, 2) ?? String(given);
  } catch {
    text = String(given);
  }
  const escaped = text.replace(UNSEEN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.length > SHOWN_CHARACTERS ? `${escaped.slice(0, SHOWN_CHARACTERS)}…` : escaped;
}
