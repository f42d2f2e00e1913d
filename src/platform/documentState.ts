import * as vscode from 'vscode';

/**
 * What a file system provider keeps per document (the record its text was read from, its time, a
 * comparison's text) is forgotten when the last document of that key closes, so that opening and
 * closing many documents keeps nothing. `keyOf` says which documents share state (undefined for
 * any other document). A language change closes and opens the same document at once: the state is
 * forgotten only if, a turn later, no document of the key is open.
 */
export function forgetWhenClosed(
  keyOf: (uri: vscode.Uri) => string | undefined,
  forget: (key: string) => void,
): vscode.Disposable {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const listener = vscode.workspace.onDidCloseTextDocument((document) => {
    const key = keyOf(document.uri);
    if (key === undefined) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!vscode.workspace.textDocuments.some((open) => !open.isClosed && keyOf(open.uri) === key)) forget(key);
    }, 0);
    timers.add(timer);
  });
  return new vscode.Disposable(() => {
    listener.dispose();
    for (const timer of timers) clearTimeout(timer);
  });
}
