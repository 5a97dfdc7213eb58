import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importViolations, layerOf, type SourceFile } from './import-rules';
import { readProjectSources } from './project-sources';

const f = (file: string, source: string): SourceFile => ({ file, source });

describe('import rules (layer directions of docs/contributing.md)', () => {
  it('names the layer of a file', () => {
    expect(layerOf('src/domain/time.ts')).toBe('domain');
    expect(layerOf('src/server/areas/people/routes.ts')).toBe('server/routes');
    expect(layerOf('src/server/areas/people/people-repository.ts')).toBe('server/repositories');
    expect(layerOf('src/server/areas/people/erase-person.ts')).toBe('server/services');
    expect(layerOf('src/server/areas/people/manifest.ts')).toBe('server');
    expect(layerOf('src/server/kernel/context.ts')).toBe('server');
    expect(layerOf('src/server/app.ts')).toBe('server');
    expect(layerOf('test/support/test-app.ts')).toBeNull();
  });

  it('refuses a domain module that imports the server or the database', () => {
    const tree = [
      f('src/domain/rule.ts', "import { db } from '@db/client';\nimport type { Deps } from '@server/deps';"),
      f('src/db/client.ts', 'export const db = 1;'),
      f('src/server/deps.ts', 'export interface Deps {}'),
    ];
    expect(importViolations(tree)).toEqual([
      'src/domain/rule.ts imports src/db/client.ts: domain must not import db',
      'src/domain/rule.ts imports src/server/deps.ts: domain must not import server',
    ]);
  });

  it('refuses the web importing the server, one web feature importing another, and routes calling repositories', () => {
    const tree = [
      f('src/web/features/a/x.tsx', "import { y } from '../b/y';\nimport { s } from '@server/app';"),
      f('src/web/features/b/y.ts', 'export const y = 1;'),
      f('src/server/app.ts', 'export const s = 1;'),
      f('src/server/areas/x/routes.ts', "import { find } from './x-repository';\nimport type { Rec } from './x-repository';"),
      f('src/server/areas/x/x-repository.ts', 'export const find = 1; export type Rec = 1;'),
    ];
    expect(importViolations(tree)).toEqual([
      'src/web/features/a/x.tsx imports src/web/features/b/y.ts: web feature a must not import feature b',
      'src/web/features/a/x.tsx imports src/server/app.ts: web must not import server',
      'src/server/areas/x/routes.ts imports src/server/areas/x/x-repository.ts: server/routes must not import server/repositories',
    ]);
  });

  it('finds circles, type-only ones included', () => {
    const tree = [
      f('src/server/deps.ts', "import type { M } from './areas/x/map';"),
      f('src/server/areas/x/map.ts', "import type { Deps } from '../../deps';\nexport type M = 1;"),
    ];
    expect(importViolations(tree)).toEqual(['import circle: src/server/deps.ts → src/server/areas/x/map.ts → src/server/deps.ts']);
  });

  it('keeps zod out of route files (they are in every first screen), type imports allowed', () => {
    const tree = [
      f('src/web/routes/login.tsx', "import { z } from 'zod';\nexport const s = z.object({});"),
      f('src/web/routes/fahrzeuge.tsx', "import type { z } from 'zod';"),
      f('src/web/features/a/form.tsx', "import { z } from 'zod';"),
    ];
    expect(importViolations(tree)).toEqual([
      'src/web/routes/login.tsx imports zod: route files are in every first screen, use web/lib/search-params.ts',
    ]);
  });

  it('holds for the whole project', () => {
    const files = readProjectSources(path.resolve(import.meta.dirname, '../..'));
    expect(files.length).toBeGreaterThan(300);
    expect(importViolations(files)).toEqual([]);
  });
});
