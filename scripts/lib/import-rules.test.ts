import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA_BOUNDARY, importFindings, importViolations, layerOf, type SourceFile } from './import-rules';
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
      'src/web/features/a/x.tsx imports src/web/features/b/y.ts: web feature a may import feature b only through its public.ts',
      'src/web/features/a/x.tsx imports src/server/app.ts: web must not import server',
      'src/server/areas/x/routes.ts imports src/server/areas/x/x-repository.ts: server/routes must not import server/repositories',
    ]);
  });

  it("lets a web feature use another feature's public.ts, and nothing else of it", () => {
    const tree = [
      f('src/web/features/vehicles/detail.tsx', "import { LogbookTab } from '@web/features/logbook/public';"),
      f('src/web/features/vehicles/list.tsx', "import { useLogbook } from '@web/features/logbook/api/use-logbook';"),
      f('src/web/features/logbook/public.ts', "export { LogbookTab } from './components/logbook-tab';"),
      f(
        'src/web/features/logbook/components/logbook-tab.tsx',
        "import { useLogbook } from '../api/use-logbook';\nexport const LogbookTab = 1;",
      ),
      f('src/web/features/logbook/api/use-logbook.ts', 'export const useLogbook = 1;'),
    ];
    expect(importViolations(tree)).toEqual([
      'src/web/features/vehicles/list.tsx imports src/web/features/logbook/api/use-logbook.ts: web feature vehicles may import feature logbook only through its public.ts',
    ]);
  });

  it('refuses shared web code importing a feature, even its public.ts; routes and the entry compose features', () => {
    const tree = [
      f('src/web/components/brand.tsx', "import { useTenant } from '../features/tenant/api/use-tenant';"),
      f('src/web/lib/start-data.ts', "import { keys } from '@web/features/tenant/public';"),
      f('src/web/lib/start-data.test.ts', "import { keys } from '@web/features/tenant/public';"),
      f('src/web/routes/_app/admin/mandanten.tsx', "import { TenantAdmin } from '@web/features/tenant/components/tenant-admin';"),
      f('src/web/main.tsx', "import { keys } from './features/tenant/public';"),
      f('src/web/features/tenant/public.ts', "export { keys } from './api/use-tenant';"),
      f('src/web/features/tenant/api/use-tenant.ts', 'export const useTenant = 1; export const keys = 1;'),
      f('src/web/features/tenant/components/tenant-admin.tsx', 'export const TenantAdmin = 1;'),
    ];
    const why = 'shared web code must not import a feature (tenant): take it as a prop, or move the piece';
    expect(importViolations(tree)).toEqual([
      `src/web/components/brand.tsx imports src/web/features/tenant/api/use-tenant.ts: ${why}`,
      `src/web/lib/start-data.ts imports src/web/features/tenant/public.ts: ${why}`,
      `src/web/lib/start-data.test.ts imports src/web/features/tenant/public.ts: ${why}`,
    ]);
  });

  it("lets a server area use another area's public.ts only, as a warning or as an error", () => {
    const tree = [
      f(
        'src/server/areas/logbook/logbook.ts',
        "import { findVehicle } from '../vehicles/vehicle-repository';\nimport { vehicleName } from '../vehicles/public';",
      ),
      f('src/server/areas/logbook/routes.ts', "import { entries } from './logbook';"),
      f('src/server/areas/vehicles/public.ts', "export { vehicleName } from './vehicle-catalogue';"),
      f('src/server/areas/vehicles/vehicle-catalogue.ts', 'export const vehicleName = 1;'),
      f('src/server/areas/vehicles/vehicle-repository.ts', 'export const findVehicle = 1;'),
    ];
    const line =
      'src/server/areas/logbook/logbook.ts imports src/server/areas/vehicles/vehicle-repository.ts: server area logbook may import area vehicles only through its public.ts';
    expect(importFindings(tree, 'warning')).toEqual({ problems: [], warnings: [line] });
    expect(importFindings(tree, 'error')).toEqual({ problems: [line], warnings: [] });
    expect(importViolations(tree, 'error')).toEqual([line]);
  });

  it('follows each name through a public.ts to its file: a route still may not call a repository, and circles are the real ones', () => {
    const tree = [
      f('src/server/areas/guests/routes.ts', "import { findVehicle, type VehicleRecord } from '@server/areas/vehicles/public';"),
      f('src/server/areas/guests/rental.ts', "import { checkPeriod } from '../vehicles/public';\nexport const rent = 1;"),
      f(
        'src/server/areas/vehicles/public.ts',
        "/** What others use. */\nexport { checkPeriod } from './book';\nexport { findVehicle } from './vehicle-repository';\nexport type { VehicleRecord } from './vehicle-repository';",
      ),
      f('src/server/areas/vehicles/book.ts', "import { rent } from '../guests/rental';\nexport const checkPeriod = 1;"),
      f('src/server/areas/vehicles/vehicle-repository.ts', 'export const findVehicle = 1; export type VehicleRecord = 1;'),
    ];
    expect(importViolations(tree, 'error')).toEqual([
      'src/server/areas/guests/routes.ts imports src/server/areas/vehicles/vehicle-repository.ts (through src/server/areas/vehicles/public.ts): server/routes must not import server/repositories',
      'src/server/areas/vehicles/book.ts imports src/server/areas/guests/rental.ts: server area vehicles may import area guests only through its public.ts',
      'import circle: src/server/areas/guests/rental.ts → src/server/areas/vehicles/book.ts → src/server/areas/guests/rental.ts',
    ]);
  });

  it('lets a public.ts hold re-exports and comments only', () => {
    const tree = [
      f('src/server/areas/vehicles/public.ts', "export { a } from './a';\nexport const b = 2;"),
      f('src/server/areas/vehicles/a.ts', 'export const a = 1;'),
    ];
    expect(importViolations(tree, 'error')).toEqual([
      "src/server/areas/vehicles/public.ts: a public.ts only re-exports (export { … } from './…'), so it adds no code and no import of its own",
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
    const { problems, warnings } = importFindings(files);
    expect(problems).toEqual([]);
    // The area rule refuses (decision 204): no area import is left over as a warning.
    expect(AREA_BOUNDARY).toBe('error');
    expect(warnings).toEqual([]);
  });
});
