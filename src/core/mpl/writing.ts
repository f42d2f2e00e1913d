// Names and values as MPL writes them: what completion inserts and what Query this Metric writes.
import { isPlainName } from './lexer';
import { KEYWORDS } from './reference';

/** A name as MPL writes it: bare when it may be, else in backquotes. */
export function mplName(name: string): string {
  return isPlainName(name) && !KEYWORDS.has(name) ? name : `\`${name.replace(/[\\`]/g, (c) => `\\${c}`)}\``;
}

/** A tag's value as MPL writes it: a number or a boolean as it is, anything else as a string. */
export function mplValue(value: string): string {
  if (/^-?\d+(\.\d+)?$/.test(value) || value === 'true' || value === 'false') return value;
  return mplString(value);
}

/** Text as an MPL string literal: in double quotes, `"` and `\` escaped. */
export function mplString(text: string): string {
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
