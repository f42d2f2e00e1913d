// A file name made from a record's name (a starred query's, a monitor's): no path separators or
// characters file systems refuse, spaces tidied, at most 80 characters before the extension; and
// the names of many records exported into one folder, apart on any file system.

export function safeFileName(name: string, fallback: string, extension: string): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-') // eslint-disable-line no-control-regex -- control characters are what it removes
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${cleaned || fallback}${extension}`;
}

/** How a case-insensitive file system (macOS, Windows) tells two file names apart: not by case,
 *  nor by how an accented letter is composed. Folding to upper case and back also takes "ß" as "ss". */
export function fileNameKey(name: string): string {
  return name.normalize('NFC').toUpperCase().toLowerCase();
}

/**
 * The file names records are exported to, one per name in order: each record's name made a file
 * name (safeFileName: cut to its length first), with " 2", " 3" … added when a name before it is
 * the same to a case-insensitive, normalising file system (fileNameKey), so that no file of the
 * export overwrites another. Names already apart keep their plain name.
 */
export function distinctFileNames(names: readonly string[], fallback: string, extension: string): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const plain = safeFileName(name, fallback, extension);
    const stem = plain.slice(0, -extension.length || undefined);
    let file = plain;
    for (let n = 2; used.has(fileNameKey(file)); n++) file = `${stem} ${n}${extension}`;
    used.add(fileNameKey(file));
    return file;
  });
}
