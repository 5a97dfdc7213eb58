/**
 * `npm start`: builds the web app when it is missing or older than its
 * sources, then runs the server. A second start skips the build and is up in
 * a few seconds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const marker = path.join(root, 'dist/web/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else if (!entry.name.endsWith('.gen.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

const sources = ['src/web', 'src/contracts', 'src/domain'].map((d) => path.join(root, d));
const stale = !existsSync(marker) || Math.max(...sources.map(newestMtime)) > statSync(marker).mtimeMs;
if (stale) {
  console.log('Buchbar: Oberfläche wird gebaut …');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('@server/main');
