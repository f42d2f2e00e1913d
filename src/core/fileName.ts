// A file name made from a record's name (a starred query's, a monitor's): no path separators or
// characters file systems refuse, spaces tidied, at most 80 characters before the extension.

export function safeFileName(name: string, fallback: string, extension: string): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-') // eslint-disable-line no-control-regex -- control characters are what it removes
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${cleaned || fallback}${extension}`;
}
