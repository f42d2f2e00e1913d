// A real HTTP proxy on 127.0.0.1: Debian's tinyproxy (installed by test/harness/setup.sh),
// run in the foreground with its own config, logging each request it forwards.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export class TinyProxy {
  /** With `basicAuth`, it asks every client for that user name and password (407 otherwise). */
  constructor(private readonly options: { basicAuth?: { user: string; password: string } } = {}) {}

  private process?: ChildProcess;
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-proxy-'));
  private readonly logFile = path.join(this.dir, 'tinyproxy.log');
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.port = await freePort();
    const config = path.join(this.dir, 'tinyproxy.conf');
    // No ConnectPort line: CONNECT is allowed to any port, as the fake services use random ones.
    fs.writeFileSync(
      config,
      [
        `Port ${this.port}`,
        'Listen 127.0.0.1',
        'Allow 127.0.0.1',
        'Timeout 30',
        'LogLevel Connect',
        `LogFile "${this.logFile}"`,
        'DisableViaHeader Yes',
        'MaxClients 50',
        ...(this.options.basicAuth
          ? [`BasicAuth ${this.options.basicAuth.user} ${this.options.basicAuth.password}`]
          : []),
      ].join('\n'),
    );
    this.process = spawn('tinyproxy', ['-d', '-c', config], { stdio: 'ignore' });
    const exited = new Promise<never>((_, reject) => {
      this.process?.once('error', (e) =>
        reject(new Error(`tinyproxy could not start (${e.message}); npm test's setup installs it`)),
      );
      this.process?.once('exit', (code) => reject(new Error(`tinyproxy exited with ${code}`)));
    });
    await Promise.race([waitForPort(this.port), exited]);
  }

  /** The targets the proxy was asked for, in order, e.g. "CONNECT 127.0.0.1:4000". */
  requests(): string[] {
    const log = fs.existsSync(this.logFile) ? fs.readFileSync(this.logFile, 'utf8') : '';
    return [...log.matchAll(/Request \(file descriptor \d+\): (\S+ \S+)/g)].map((m) => m[1]);
  }

  async stop(): Promise<void> {
    this.process?.kill();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(true)).on('error', () => resolve(false));
      socket.unref();
      setTimeout(() => socket.destroy(), 200);
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port}`);
}
