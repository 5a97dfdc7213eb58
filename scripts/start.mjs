/**
 * `npm start`. With NODE_ENV=production it runs the server built by
 * `npm run build` (dist/server/main.js): plain JavaScript, no TypeScript
 * compiler in the process. Otherwise it is the quick start of the README: the
 * sources run through tsx, the web app is built when stale and an empty
 * database gets the demo data (decision 077).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

if (process.env.NODE_ENV === 'production') {
  const main = path.join(root, 'dist/server/main.js');
  if (!existsSync(main) || !existsSync(path.join(root, 'dist/web/index.html'))) {
    console.error('Buchbar kann nicht starten: Der Produktivbetrieb braucht einen Build. Bitte zuerst "npm run build" ausführen.');
    process.exit(1);
  }
  await import(pathToFileURL(main).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'scripts/start.ts')).href);
}
