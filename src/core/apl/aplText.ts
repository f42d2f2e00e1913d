// Small facts read from APL text without a parser.

// A query starts with its dataset: ['my-logs'] (any name, quoted) or my_logs (an identifier),
// possibly after comments and blank lines, possibly with a `let` statement or two before it.
const BRACKETED = /^\[\s*(['"])((?:\\.|(?!\1).)+)\1\s*\]/;
const BARE = /^([A-Za-z_][A-Za-z0-9_.-]*)(?=\s*(\||$))/;

export function datasetFromApl(apl: string): string | undefined {
  let rest = stripLeading(apl);
  while (/^let\s/.test(rest)) {
    const end = rest.indexOf(';');
    if (end < 0) return undefined;
    rest = stripLeading(rest.slice(end + 1));
  }
  const bracketed = BRACKETED.exec(rest);
  if (bracketed) return bracketed[2].replace(/\\(.)/g, '$1');
  const bare = BARE.exec(rest);
  if (bare && !KEYWORDS.has(bare[1])) return bare[1];
  return undefined;
}

const KEYWORDS = new Set(['let', 'print', 'union', 'search', 'datatable', 'range', 'set']);

function stripLeading(text: string): string {
  let rest = text;
  for (;;) {
    const trimmed = rest.replace(/^\s+/, '');
    if (trimmed.startsWith('//')) {
      const nl = trimmed.indexOf('\n');
      rest = nl < 0 ? '' : trimmed.slice(nl + 1);
    } else return trimmed;
  }
}

/** A name to offer for a starred query: the first line of real text, shortened. */
export function suggestQueryName(apl: string, dataset: string | undefined): string {
  const body = stripLeading(apl)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('//'));
  const operators = body
    .join(' ')
    .split('|')
    .slice(1)
    .map((s) => s.trim().split(/\s+/)[0])
    .filter(Boolean);
  const head = dataset ?? body[0] ?? 'query';
  const text = operators.length ? `${head}: ${operators.slice(0, 3).join(', ')}` : head;
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
