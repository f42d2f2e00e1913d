import * as vscode from 'vscode';

/**
 * Opens an address in the person's browser (VS Code's openExternal). The one door the extension
 * uses for it, so that its own tests can follow the address instead of a browser: in test mode
 * the extension hands this object to them (see AxiomExtensionApi), and they replace `open`.
 */
export class Browser {
  open: (address: vscode.Uri) => Thenable<boolean> = async (address) =>
    vscode.env.openExternal(await forwardedWhole(address));
}

/**
 * A forwarded address (asExternalUri's) with the original's path, query and fragment. Browser-hosted
 * VS Codes of code-server before its fix of 2026 (VS Code 1.96's among them) forward a loopback
 * address as the port's proxy alone: `http://127.0.0.1:1234/a?b` became `…/proxy/1234/`.
 */
export function withOriginalPath(original: vscode.Uri, forwarded: vscode.Uri): vscode.Uri {
  if (forwarded.path.endsWith(original.path) && forwarded.query === original.query) return forwarded;
  return forwarded.with({
    path: forwarded.path.replace(/\/?$/, '') + original.path,
    query: original.query,
    fragment: original.fragment,
  });
}

/**
 * In a browser-hosted VS Code, a loopback address (a sign-in server on this machine, as the demo's)
 * is opened through the forwarded address, made whole where that VS Code dropped its path and
 * query. Elsewhere, and where nothing was dropped, openExternal forwards it as it always does.
 */
async function forwardedWhole(address: vscode.Uri): Promise<vscode.Uri> {
  if (vscode.env.uiKind !== vscode.UIKind.Web || !/^https?$/.test(address.scheme)) return address;
  let host: string;
  try {
    host = new URL(address.toString(true)).hostname;
  } catch {
    return address;
  }
  if (host !== 'localhost' && host !== '[::1]' && !/^127\.\d+\.\d+\.\d+$/.test(host)) return address;
  try {
    const forwarded = await vscode.env.asExternalUri(address);
    const whole = withOriginalPath(address, forwarded);
    // Made whole: its host is the workbench's own, which openExternal does not forward again.
    return whole === forwarded ? address : whole;
  } catch {
    return address;
  }
}
