// Installed into npm start's sandbox only (never shipped): the demo opens with the Axiom view in
// the side bar, as the extension itself never takes the side bar from a person.
const vscode = require('vscode');

exports.activate = () => vscode.commands.executeCommand('workbench.view.extension.axiom');
