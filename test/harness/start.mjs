// `npm start`: installs what is missing, packages the extension, installs the .vsix into a fresh
// code-server (VS Code 1.139; `AXIOM_VSCODE=oldest npm start`: VS Code 1.96) and serves it on
// 127.0.0.1 for your browser. Ctrl+C stops it.
// - Without AXIOM_TOKEN: the demo. The project's fake Axiom service (test/support/demo.ts) serves
//   made-up monitors, starred queries, datasets and query results on 127.0.0.1, and the extension
//   is connected to it as the deployment "Demo".
// - With AXIOM_TOKEN: that deployment. AXIOM_URL and AXIOM_ORG_ID prefill the settings; the token
//   reaches the extension host's environment, where the extension takes it into secret storage once.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  describeVscode,
  installVsix,
  makeSandbox,
  projectRoot,
  startCodeServer,
  vscodeUnderTest,
  workbenchUrl,
} from './codeServer.mjs';

/** Runs a step quietly: its output (npm's install scripts, the packaged file list) only if it fails. */
const run = (what, command, cwd = projectRoot) => {
  process.stdout.write(`${what}…\n`);
  try {
    execSync(command, { cwd, stdio: 'pipe', maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    process.stdout.write(`${String(error.stdout ?? '')}${String(error.stderr ?? '')}`);
    console.error(`npm start: ${what.toLowerCase()} failed (${command})`);
    process.exit(1);
  }
};
// Named by its choice, not read from its files: on a fresh clone this is the step that installs it.
run(`Getting the ${vscodeUnderTest.name} test VS Code ready`, `sh test/harness/setup.sh ${vscodeUnderTest.name}`);
const demo = !process.env.AXIOM_TOKEN?.trim();
if (demo) run('Building the demo service', 'node esbuild.mjs --tests');
run('Packaging the extension', 'npm run --silent package');
// The Axiom view in the side bar at first: a small extension of the harness's own, installed into
// this sandbox only, shows it once the workbench is up (the extension never takes the side bar).
const viewShower = path.join(projectRoot, 'test/harness/showAxiomView');
const viewShowerVsix = path.join(projectRoot, 'dist-vsix/show-axiom-view.vsix');
run(
  'Packaging the view shower',
  `npx --no-install vsce package --allow-missing-repository --skip-license --out "${viewShowerVsix}"`,
  viewShower,
);

// What a newcomer sees first: the example query (opened by the address below), the Axiom view (the
// view shower above) and no Chat panel.
const settings = { 'workbench.secondarySideBar.defaultVisibility': 'hidden' };
const env = {};
let files = {
  'example.apl': "['sample-http-logs']\n| where status == '500'\n| summarize count() by bin_auto(_time)\n",
};
let service;
let demoToken;
if (demo) {
  const { DEMO_DEPLOYMENT, DEMO_FILES, DEMO_ORG_ID, DEMO_TOKEN, startDemo, startDemoSignIn } = await import(
    pathToFileURL(path.join(projectRoot, 'out/test/support/demo.mjs')).href
  );
  service = await startDemo();
  settings['axiom.deployments'] = [{ name: DEMO_DEPLOYMENT, url: service.url, orgId: DEMO_ORG_ID }];
  // Sign in with Axiom works in the demo too: the service's own sign-in server approves at once.
  const signIn = await startDemoSignIn(service);
  Object.assign(settings, { 'axiom.url': service.url, 'axiom.signInUrl': signIn.url });
  Object.assign(env, { AXIOM_TOKEN: DEMO_TOKEN, AXIOM_URL: service.url, AXIOM_DEPLOYMENT: DEMO_DEPLOYMENT });
  files = DEMO_FILES;
  demoToken = DEMO_TOKEN;
} else {
  if (process.env.AXIOM_URL) settings['axiom.url'] = process.env.AXIOM_URL;
  if (process.env.AXIOM_ORG_ID) settings['axiom.orgId'] = process.env.AXIOM_ORG_ID;
}
const sandbox = makeSandbox('axiom-apl-start-', { settings, files });
await installVsix(sandbox, path.join(projectRoot, 'dist-vsix/axiom-apl.vsix'));
await installVsix(sandbox, viewShowerVsix);
const port = Number(process.env.PORT ?? 8080);
const codeServer = await startCodeServer(sandbox, { port, env });
if (demo)
  console.log(
    `The extension uses the demo deployment “Demo” (a made-up Axiom service); set AXIOM_TOKEN (and AXIOM_URL, AXIOM_ORG_ID) to use yours.`,
  );
console.log(`User data and logs in ${sandbox.dir}; Ctrl+C stops.`);
// The address opens the first example query in an editor (the workbench's openFile payload).
const example = Object.keys(files).find((name) => name.endsWith('.apl'));
const openFile = `vscode-remote://127.0.0.1:${codeServer.port}${path.join(sandbox.workspace, example)}`;
const address = `${workbenchUrl(codeServer, sandbox)}&payload=${encodeURIComponent(JSON.stringify([['openFile', openFile]]))}`;
console.log(`\nOpen ${describeVscode()} with the Axiom APL extension:\n${address}`);
if (demo) {
  // Said when it is true: once a browser has opened the address, the extension starts and the demo
  // service sees its first request with the demo's token (test/harness/startCheck.mjs waits for it).
  let looked = 0;
  const watch = setInterval(() => {
    const first = service.requests.slice(looked).find((r) => r.headers.authorization === `Bearer ${demoToken}`);
    looked = service.requests.length;
    if (!first) return;
    clearInterval(watch);
    console.log(
      `The extension is connected to the demo deployment (its first request: ${first.method} ${first.path.split('?')[0]}).`,
    );
  }, 250);
  watch.unref();
}
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
