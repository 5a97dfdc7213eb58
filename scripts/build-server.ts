/**
 * `npm run build` (after the web build): bundles the server into one ES module,
 * dist/server/main.js, so that a production start runs plain JavaScript and no
 * TypeScript is compiled at run time (decision 077). Packages stay external
 * (loaded from node_modules as usual); the SQL migrations are copied next to
 * the bundle, where the database client looks for them.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist/server');
const started = Date.now();
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'src/server/main.ts')],
  outfile: path.join(out, 'main.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  tsconfig: path.join(root, 'tsconfig.json'),
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(path.join(root, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
console.log(`Buchbar: Server gebaut nach dist/server in ${Date.now() - started} ms`);
