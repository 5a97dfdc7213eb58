/**
 * `npm run backup [file]`: PostgreSQL (DATABASE_URL) through pg_dump in its
 * custom format; PGlite (DATA_DIR) as PGlite's own data-directory archive.
 * PGlite is one process: stop the server first, a second opener would see a
 * half-written directory.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '@db/client';

const url = process.env.DATABASE_URL?.trim() || null;
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = path.resolve(process.argv[2] ?? path.join('backups', `buchbar-${stamp}.${url ? 'dump' : 'tar.gz'}`));
mkdirSync(path.dirname(target), { recursive: true });

if (url) {
  const dump = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`, url], { stdio: 'inherit' });
  if (dump.status !== 0) {
    console.error('Sicherung fehlgeschlagen (pg_dump).');
    process.exit(dump.status ?? 1);
  }
} else {
  const dataDir = path.join(path.resolve(process.env.DATA_DIR ?? './data'), 'pglite');
  const database = await openPglite(dataDir);
  const archive = await database.pglite!.dumpDataDir('gzip');
  writeFileSync(target, Buffer.from(await archive.arrayBuffer()));
  await database.close();
}
console.log(`Sicherung geschrieben: ${target}`);
