import * as vscode from 'vscode';

/**
 * Opens an address in the person's browser (VS Code's openExternal). The one door the extension
 * uses for it, so that its own tests can follow the address instead of a browser: in test mode
 * the extension hands this object to them (see AxiomExtensionApi), and they replace `open`.
 */
export class Browser {
  open: (address: vscode.Uri) => Thenable<boolean> = (address) => vscode.env.openExternal(address);
}
