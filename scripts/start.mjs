/**
 * `npm start`. Both ways run the server bundle dist/server/main.js: plain
 * JavaScript, no TypeScript compiler and no module loader thread in the
 * process (decisions 077 and 195; tsx cost the idle server about 50 MB).
 *
 * With NODE_ENV=production it runs what `npm run build` made and builds
 * nothing. Otherwise it is the quick start of the README: the web app and the
 * server bundle are built when missing or older than their sources (the server
 * in a few seconds), and an empty database gets the demo data. On an empty
 * embedded data directory that happens in a process of its own before the
 * server starts (both ways).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const main = path.join(root, 'dist/server/main.js');
const web = path.join(root, 'dist/web/index.html');

/** Newest modification time below `dir` (generated route trees excluded: the web build writes them). */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else if (!entry.name.endsWith('.gen.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

const stale = (marker, dirs) =>
  !existsSync(marker) || Math.max(...dirs.map((d) => newestMtime(path.join(root, d)))) > statSync(marker).mtimeMs;

/** Runs a build step as its own process, so nothing of the compiler stays in the server's memory. */
function run(message, args) {
  console.log(message);
  const step = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
  if (step.status !== 0) process.exit(step.status ?? 1);
}

if (process.env.NODE_ENV === 'production') {
  if (!existsSync(main) || !existsSync(web)) {
    console.error('Buchbar kann nicht starten: Der Produktivbetrieb braucht einen Build. Bitte zuerst "npm run build" ausführen.');
    process.exit(1);
  }
} else {
  if (stale(web, ['src/web', 'src/contracts', 'src/domain']))
    run('Buchbar: Oberfläche wird gebaut …', ['vite', 'build', '--logLevel', 'warn']);
  if (stale(main, ['src/server', 'src/db', 'src/contracts', 'src/domain']))
    run('Buchbar: Server wird gebaut …', ['tsx', 'scripts/build-server.ts']);
}
// A first start on the embedded database (no DATABASE_URL, no data directory yet) creates and fills the database in a
// process of its own, which then ends: initdb and the demo data leave about 100 MB of freed native memory behind in
// the process that ran them (the allocator keeps it), and the server should not carry that for its whole life
// (decision 195). The server then opens the database like on every later start.
const pgliteDir = path.join(path.resolve(process.env.DATA_DIR ?? './data'), 'pglite');
if (!process.env.DATABASE_URL && !existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
  console.log('Buchbar: Datenbank wird angelegt …');
  const step = spawnSync(process.execPath, [main, '--prepare-database'], { cwd: process.cwd(), stdio: 'inherit' });
  if (step.status !== 0) process.exit(step.status ?? 1);
}
await import(pathToFileURL(main).href);
