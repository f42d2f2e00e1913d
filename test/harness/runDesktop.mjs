// Runs the same integration suite under desktop VS Code with @vscode/test-electron, which
// downloads VS Code: for machines with internet access (the tests here use code-server instead).
import path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { projectRoot } from './codeServer.mjs';

try {
  await runTests({
    version: process.env.VSCODE_VERSION ?? 'stable',
    // Ours, and the second extension the suite saves records through (runTests.mjs installs it beside
    // ours in code-server); extensions under development run despite --disable-extensions.
    extensionDevelopmentPath: [projectRoot, path.join(projectRoot, 'test/fixtures/otherExtension')],
    extensionTestsPath: path.join(projectRoot, 'out/test/integration/index.js'),
    launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
  });
} catch (error) {
  console.error(`desktop integration run failed: ${error}`);
  process.exit(1);
}
