// Text written to a terminal or a CI log, where a line break starts a new line that other tools
// read as their own (GitHub Actions runs `::error …::` at the start of a line as a workflow
// command) and a control character is obeyed rather than shown (`\x1b[2J` clears the screen).
// The command-line checker (src/cli/checkApl.ts) writes file names and messages through these.

/** Characters shown by their escape: the control characters (C0, DEL, C1), the line and paragraph
 *  separators, and the marks that reorder text around them (bidirectional controls). */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSEEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/** The letters that, after a backslash, make an escape (and the backslash itself). */
const ESCAPE_LETTERS = new Set(['\\', 'n', 'r', 't', 'x', 'u']);

/** A character's escape: `\n`, `\r`, `\t`, `\x1b` up to U+00FF, `\u2028` above. */
function escapeOf(char: string): string {
  const code = char.charCodeAt(0);
  return (
    SHORT_ESCAPES[char] ??
    (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`)
  );
}

/**
 * Text as one line with nothing a terminal obeys: each control character (line breaks included)
 * written as its escape. A backslash stays as it is (a Windows path reads as written) unless an
 * escape could be read from it and what follows: then it is doubled (`\\`). So the line reads
 * back to exactly the text: `\\` is a backslash, `\n`, `\r`, `\t`, `\xHH` and `\uHHHH` the
 * characters they name, and a backslash before anything else a backslash.
 */
export function oneLine(text: string): string {
  let out = '';
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') {
      const next = text[i + 1];
      if (next === undefined || !(ESCAPE_LETTERS.has(next) || UNSEEN.test(next))) continue;
      out += `${text.slice(run, i)}\\\\`;
      run = i + 1;
    } else if (UNSEEN.test(char)) {
      out += `${text.slice(run, i)}${escapeOf(char)}`;
      run = i + 1;
    }
  }
  return run === 0 ? text : out + text.slice(run);
}

/** Control characters but the line breaks, which GitHub's own escapes write. */
const UNSEEN_BUT_BREAKS =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/**
 * A value of a GitHub Actions workflow command, by the runner's rules: in a property
 * (`file=…,line=…`) `%`, `\r`, `\n`, `:` and `,` as `%25`, `%0D`, `%0A`, `%3A`, `%2C`; in the
 * message `%`, `\r` and `\n`. The runner reads those back, so a file name names the file it is.
 * Other control characters are shown by their escape (`\x1b`), not obeyed by the log.
 */
export function githubCommandValue(value: string, where: 'property' | 'message'): string {
  const escaped = value
    .replace(/%/g, '%25')
    .replace(/\r/g, '%0D')
    .replace(/\n/g, '%0A')
    .replace(UNSEEN_BUT_BREAKS, escapeOf);
  return where === 'property' ? escaped.replace(/:/g, '%3A').replace(/,/g, '%2C') : escaped;
}
