// Markdown built from text nobody here wrote (service values, queries): shown as typed, never as syntax.

/** The longest run of backticks in the text decides the fence, so the query cannot close it. */
export function fencedCode(text: string, language: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

/** Escapes everything markdown could read as syntax, so text from the service shows as typed.
 *  `:` and `.` are escaped too: GFM turns bare `https://…`, `www.…` and e-mail addresses into links. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~&:=]/g, (c) => `\\${c}`).replace(/\r\n?|\n/g, '  \n');
}
