// The production topology of docs/operations.md, natively: PostgreSQL (a fresh database on the local
// server), a Redis of the test's own, N app instances from a production install, HAProxy in front.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startProcess, stopProcess, until, type Managed } from './processes.js';

/** A Redis of the test's own (the machine's shared one is never restarted), keeping nothing on disk. */
export class RedisServer {
  private proc?: Managed;
  constructor(
    readonly port: number,
    private readonly logDir: string,
  ) {}
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start() {
    this.proc = await startProcess({
      name: 'redis',
      command: 'redis-server',
      args: ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      logDir: this.logDir,
      readyLine: 'Ready to accept connections',
    });
  }
  async stop() {
    if (this.proc) await stopProcess(this.proc, 'SIGTERM');
  }
}

export interface InstanceOptions {
  /** The production install's folder and the command that starts the server there. */
  cwd: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  logDir: string;
}

/** One app instance on a fixed port, so the load balancer's configuration names it across restarts. */
export class Instance {
  private proc?: Managed;
  starts = 0;
  constructor(
    readonly name: string,
    readonly port: number,
    private readonly opts: InstanceOptions,
  ) {}
  get running() {
    return !!this.proc && this.proc.child.exitCode === null && this.proc.child.signalCode === null;
  }
  async start() {
    this.starts++;
    this.proc = await startProcess({
      name: this.name,
      command: this.opts.command,
      args: this.opts.args,
      cwd: this.opts.cwd,
      logDir: this.opts.logDir,
      env: { ...this.opts.env, PORT: String(this.port), HOST: '127.0.0.1' },
      readyLine: 'Holdfast is running at',
    });
  }
  /** SIGTERM (graceful: resolves with its exit code) or SIGKILL (kill -9). */
  async stop(signal: 'SIGTERM' | 'SIGKILL') {
    if (!this.proc) return undefined;
    return stopProcess(this.proc, signal);
  }
}

/** HAProxy in front of the instances, checking each one's readiness; its stats page tells who is up. */
export class LoadBalancer {
  private proc?: Managed;
  constructor(
    readonly port: number,
    private readonly statsPort: number,
    private readonly instances: Instance[],
    private readonly logDir: string,
  ) {}
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    const config = haproxyConfig({ port: this.port, statsPort: this.statsPort, instances: this.instances });
    const file = path.join(this.logDir, 'haproxy.cfg');
    writeFileSync(file, config);
    this.proc = await startProcess({
      name: 'haproxy',
      command: 'haproxy',
      args: ['-f', file, '-db'],
      logDir: this.logDir,
    });
    await until(
      'HAProxy to answer',
      async () => (await fetch(`http://127.0.0.1:${this.statsPort}/stats;csv`)).ok,
      10_000,
    );
  }
  /** The state HAProxy's health checks give each server ("UP", "DOWN", ...). */
  async states(): Promise<Record<string, string>> {
    const res = await fetch(`http://127.0.0.1:${this.statsPort}/stats;csv`);
    const rows = (await res.text()).split('\n').map((l) => l.split(','));
    const header = rows[0]!;
    const [pxname, svname, status] = ['# pxname', 'svname', 'status'].map((h) => header.indexOf(h));
    return Object.fromEntries(
      rows
        .filter((r) => r[pxname!] === 'app' && !['BACKEND', 'FRONTEND'].includes(r[svname!]!))
        .map((r) => [r[svname!], r[status!]]),
    );
  }
  async waitFor(instance: Instance, state: 'UP' | 'DOWN') {
    await until(`HAProxy to see ${instance.name} ${state}`, async () =>
      (await this.states())[instance.name]!.startsWith(state),
    );
  }
  async stop() {
    if (this.proc) await stopProcess(this.proc, 'SIGTERM');
  }
}

/**
 * The load balancer's configuration for the instances: the settings of deploy/haproxy.cfg (readiness
 * checks, retry on refused connections, redispatch), with this machine's addresses.
 */
export function haproxyConfig(opts: { port: number; statsPort: number; instances: Instance[] }): string {
  return `global
    maxconn 4096

defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    # A connection refused by an instance that is closing is retried on another one.
    retries 3
    retry-on conn-failure
    option redispatch

frontend web
    bind 127.0.0.1:${opts.port}
    option forwardfor
    default_backend app

backend app
    balance roundrobin
    option httpchk GET /api/health/ready
    http-check expect status 200
    timeout check 2s
    default-server inter 250ms fall 3 rise 1
${opts.instances.map((i) => `    server ${i.name} 127.0.0.1:${i.port} check`).join('\n')}

listen stats
    bind 127.0.0.1:${opts.statsPort}
    stats enable
    stats uri /stats
`;
}
