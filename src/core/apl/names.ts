// Names as APL takes them.

/** A name quoted as APL takes any name: `['a.b']`, with backslashes and quotes escaped. */
export function quotedName(name: string): string {
  return `['${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
}
