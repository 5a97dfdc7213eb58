import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

/**
 * The committed nginx configuration (deploy/nginx/buchbar.conf) in front of
 * running nodes: Debian's nginx, run as this user in the foreground with its
 * files in a temporary folder. Used by the reverse-proxy test and, with TLS
 * and HTTP/2 as a deployment serves the app, by the Lighthouse benchmark.
 */
const TEMPLATE = path.resolve('deploy/nginx/buchbar.conf');

export function findNginx(): string {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('nginx fehlt: Debians nginx installieren (apt-get install -y nginx) oder NGINX_PATH auf eine nginx-Datei setzen.');
  }
}

/** TLS files for nginx: a certificate and its key. */
export interface Tls {
  certificate: string;
  key: string;
}

/**
 * The template with its example upstream lines replaced by the given nodes and
 * its `listen 80;` by `port`; with `tls`, the listener speaks TLS and HTTP/2,
 * as the template's comment tells a deployment to do.
 */
export function configFromTemplate(template: string, nodes: number[], port: number, tls?: Tls): string {
  const upstream = /^(\s*)server 127\.0\.0\.1:\d+ (.*);$/gm;
  const examples = template.match(upstream) ?? [];
  if (examples.length === 0) throw new Error('deploy/nginx/buchbar.conf: keine Beispielzeile „server 127.0.0.1:PORT …;“ im upstream');
  let first = true;
  const withNodes = template.replace(upstream, (_line, indent: string, options: string) => {
    if (!first) return '';
    first = false;
    return nodes.map((p) => `${indent}server 127.0.0.1:${p} ${options};`).join('\n');
  });
  if (!/^\s*listen 80;$/m.test(withNodes)) throw new Error('deploy/nginx/buchbar.conf: keine Zeile „listen 80;“');
  if (!tls) return withNodes.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
  return withNodes.replace(
    /^(\s*)listen 80;$/m,
    `$1listen 127.0.0.1:${port} ssl http2;\n$1ssl_certificate ${tls.certificate};\n$1ssl_certificate_key ${tls.key};`,
  );
}

/** A self-signed certificate for localhost and its subdomains (the demo tenants' hosts), made with Debian's openssl. */
export function selfSignedTls(dir: string): Tls {
  const certificate = path.join(dir, 'localhost.crt');
  const key = path.join(dir, 'localhost.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,DNS:*.localhost',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  return { certificate, key };
}

export interface Nginx {
  child: ChildProcess;
  /** `http(s)://localhost:PORT` */
  base: string;
  port: number;
  dir: string;
  exited: Promise<number | null>;
  output(): string;
  /** Stops nginx and removes its folder. */
  stop(): Promise<void>;
}

export async function startNginx(nodes: number[], options: { tls?: boolean } = {}): Promise<Nginx> {
  const binary = findNginx();
  const dir = mkdtempSync(path.join(tmpdir(), 'buchbar-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub));
  const port = await freePort();
  const tls = options.tls ? selfSignedTls(dir) : undefined;
  writeFileSync(path.join(dir, 'buchbar.conf'), configFromTemplate(readFileSync(TEMPLATE, 'utf8'), nodes, port, tls));
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/buchbar.conf;
}
`,
  );
  const child = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `${tls ? 'https' : 'http'}://localhost:${port}`;
  const readLog = () => (existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '');
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx beendet (${child.exitCode}): ${output}\n${readLog()}`);
    if (await (tls ? listening(port) : healthy(base))) break;
    if (Date.now() > deadline) throw new Error(`nginx antwortet nicht: ${output}\n${readLog()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGQUIT');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  return { child, base, port, dir, exited, output: () => output + readLog(), stop };
}

/** The node's health answer through nginx. */
async function healthy(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

/** nginx accepts connections (with TLS: fetch refuses the self-signed certificate, so only the socket is checked). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
