// `npm start`: installs what is missing, packages the extension, installs the .vsix into a fresh
// code-server (VS Code 1.139; `AXIOM_VSCODE=oldest npm start`: VS Code 1.96) and serves it on
// 127.0.0.1 for your browser. AXIOM_URL and AXIOM_ORG_ID prefill the settings; AXIOM_TOKEN reaches
// the extension host's environment, where the extension imports it into secret storage once.
// Ctrl+C stops it.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { describeVscode, installVsix, makeSandbox, projectRoot, startCodeServer, vscodeUnderTest, workbenchUrl } from './codeServer.mjs';

const run = (command) => execSync(command, { cwd: projectRoot, stdio: 'inherit' });
run(`sh test/harness/setup.sh ${vscodeUnderTest.name}`);
run('npm run --silent package');

const settings = {};
if (process.env.AXIOM_URL) settings['axiom.url'] = process.env.AXIOM_URL;
if (process.env.AXIOM_ORG_ID) settings['axiom.orgId'] = process.env.AXIOM_ORG_ID;
const sandbox = makeSandbox('axiom-apl-start-', {
  settings,
  files: { 'example.apl': "['sample-http-logs']\n| where status == '500'\n| summarize count() by bin_auto(_time)\n" },
});
await installVsix(sandbox, path.join(projectRoot, 'dist-vsix/axiom-apl.vsix'));
const port = Number(process.env.PORT ?? 8080);
const codeServer = await startCodeServer(sandbox, { port });
console.log(`\n${describeVscode()} with the Axiom APL extension: ${workbenchUrl(codeServer, sandbox)}`);
console.log(`(user data and logs in ${sandbox.dir}; Ctrl+C to stop)`);
const stop = () => {
  codeServer.stop();
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
process.on('exit', () => codeServer.stop());
// code-server runs in its own process group; if whoever started us goes away without a signal
// reaching us (npm killed by a supervisor), do not leave it serving.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop(), 1000).unref();
