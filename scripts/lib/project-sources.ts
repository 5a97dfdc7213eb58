import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SourceFile } from './import-rules';

/** Every TypeScript file of the project (generated ones excepted), relative to the root. */
export function readProjectSources(root: string): SourceFile[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(`${dir}/${e.name}`) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.gen.ts') ? [`${dir}/${e.name}`] : [],
    );
  return ['src', 'test', 'e2e', 'bench', 'scripts']
    .flatMap(walk)
    .map((file) => ({ file, source: readFileSync(path.join(root, file), 'utf8') }));
}

/** Every stylesheet of the web app (global and CSS modules), relative to the root. */
export function readWebStyles(root: string): SourceFile[] {
  return readdirSync(path.join(root, 'src/web'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.css'))
    .map((name) => `src/web/${name.split(path.sep).join('/')}`)
    .map((file) => ({ file, source: readFileSync(path.join(root, file), 'utf8') }));
}
