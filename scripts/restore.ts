/**
 * `npm run restore <file>`: the reverse of `npm run backup`. PostgreSQL:
 * pg_restore into DATABASE_URL, replacing what is there (--clean). PGlite:
 * unpacks into DATA_DIR, which must not hold a database yet (move the old one
 * away first), with the server stopped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '@db/client';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error('Aufruf: npm run restore <Sicherungsdatei>');
  process.exit(2);
}
const url = process.env.DATABASE_URL?.trim() || null;

if (url) {
  const restore = spawnSync(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', `--dbname=${url}`, path.resolve(file)],
    { stdio: 'inherit' },
  );
  if (restore.status !== 0) {
    console.error('Wiederherstellung fehlgeschlagen (pg_restore).');
    process.exit(restore.status ?? 1);
  }
} else {
  const dataDir = path.join(path.resolve(process.env.DATA_DIR ?? './data'), 'pglite');
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    console.error(`In ${dataDir} liegt schon eine Datenbank. Bitte zuerst wegschieben; die Wiederherstellung überschreibt nichts.`);
    process.exit(1);
  }
  const database = await openPglite(dataDir, new Blob([readFileSync(file)]));
  await database.close();
}
console.log(`Wiederhergestellt aus ${path.resolve(file)}`);
