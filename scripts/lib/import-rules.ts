/**
 * The import directions of docs/contributing.md as a check: which layer may import which, the
 * boundaries of web features and server areas, and no import circles
 * (type-only imports count too: a circle of types still ties the modules to
 * each other). Pure: it takes file names and sources, so its test can feed it
 * a broken tree.
 */
import path from 'node:path';

export interface SourceFile {
  /** Path relative to the project root, with forward slashes. */
  file: string;
  source: string;
}

const ALIASES: Record<string, string> = {
  '@domain/': 'src/domain/',
  '@contracts/': 'src/contracts/',
  '@server/': 'src/server/',
  '@db/': 'src/db/',
  '@web/': 'src/web/',
  '@test/': 'test/',
  '@e2e/': 'e2e/',
};

/** The layer a file belongs to, or null outside src (tests, benchmarks and scripts may import anything). */
export function layerOf(file: string): string | null {
  const m = /^src\/(domain|contracts|db|web|server)\//.exec(file);
  if (!m) return null;
  const layer = m[1]!;
  if (layer === 'server') {
    // Inside an area (src/server/areas/<area>/), a file's name tells its layer: routes, repository, or a use case.
    const inArea = /^src\/server\/areas\/[^/]+\/(?:.*\/)?([^/]+)\.tsx?$/.exec(file);
    if (!inArea) return 'server';
    const name = inArea[1]!;
    // The manifest wires the area into the app: it sits with app.ts, above the area's routes.
    if (name === 'manifest') return 'server';
    if (/(^|-)routes$/.test(name)) return 'server/routes';
    if (/(^|-)repository$/.test(name)) return 'server/repositories';
    return 'server/services';
  }
  return layer;
}

/** Which layers each layer may import (besides itself and packages). */
const ALLOWED: Record<string, string[]> = {
  domain: [],
  contracts: ['domain'],
  db: ['domain'],
  web: ['contracts', 'domain'],
  'server/repositories': ['db', 'domain', 'server'],
  'server/services': ['server/repositories', 'server', 'db', 'domain', 'contracts'],
  'server/routes': ['server/services', 'server', 'db', 'domain', 'contracts'],
  server: ['server/services', 'server/repositories', 'server/routes', 'db', 'domain', 'contracts'],
};

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

export interface ImportEdge {
  target: string;
  /** `import type …`: no code is loaded, but a circle of types still ties modules together. */
  typeOnly: boolean;
  /** The names it imports (`{ a, type b, c as d }`); null for `* as`, a default or a bare import. */
  names: { name: string; typeOnly: boolean }[] | null;
}

/** The names between the braces of an import or export, each with its own `type` mark. */
function namesOf(statement: string): ImportEdge['names'] {
  const braces = /^\s*(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from/.exec(statement);
  if (!braces) return null;
  return braces[1]!
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
    .map((n) => ({
      name: n
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim(),
      typeOnly: /^type\s/.test(n),
    }));
}

/** The project files a source imports, resolved against the list of known files. */
export function importsOf(f: SourceFile, known: Set<string>): ImportEdge[] {
  const out: ImportEdge[] = [];
  for (const m of f.source.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (!spec) continue;
    let base: string | null = null;
    if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(f.file), spec));
    else {
      const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
      if (alias) base = ALIASES[alias] + spec.slice(alias.length);
    }
    if (!base) continue;
    const hit = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((c) => known.has(c));
    if (hit) out.push({ target: hit, typeOnly: /^\s*(?:import|export)\s+type\b/.test(m[0]), names: namesOf(m[0]) });
  }
  return out;
}

const featureOf = (file: string) => /^src\/web\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

/**
 * The web files that compose features into the app: the route files, the
 * entry and the router. They may import any file of a feature (a route's
 * chunk should hold exactly the screen it shows); everything else outside the
 * features is shared and imports none (decision 215).
 */
const composesFeatures = (file: string) =>
  file.startsWith('src/web/routes/') ||
  ['src/web/main.tsx', 'src/web/entry-server.tsx', 'src/web/router.tsx', 'src/web/route-tree.gen.ts'].includes(file);

/** The web's rule for one import, or null when it keeps it: features meet only at their public.ts, shared code imports none. */
function webBoundary(from: string, to: string): string | null {
  const [a, b] = [featureOf(from), featureOf(to)];
  if (!b || !from.startsWith('src/web/')) return null;
  if (!a) return composesFeatures(from) ? null : `shared web code must not import a feature (${b}): take it as a prop, or move the piece`;
  if (a !== b && to !== `src/web/features/${b}/public.ts`) return `web feature ${a} may import feature ${b} only through its public.ts`;
  return null;
}

const areaOf = (file: string) => /^src\/server\/areas\/([^/]+)\//.exec(file)?.[1] ?? null;

const isAreaPublic = (file: string) => /^src\/server\/areas\/[^/]+\/public\.ts$/.test(file);

/**
 * An area's public.ts names what other areas may use and holds nothing of its
 * own: only re-exports (`export { … } from './…'`) and comments.
 */
function publicShape(f: SourceFile): string | null {
  const rest = f.source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .replace(/export\s+(?:type\s+)?\{[^}]*\}\s*from\s*['"][^'"]+['"]\s*;?/g, '')
    .trim();
  return rest ? `${f.file}: a public.ts only re-exports (export { … } from './…'), so it adds no code and no import of its own` : null;
}

/**
 * The files behind an import of a public.ts: each imported name leads to the
 * file that defines it, so the layer directions and the circle check see the
 * real dependency, as if the importer had named that file (a route still may
 * not call a repository, whichever door it takes).
 */
function throughPublic(edge: ImportEdge, reexports: Map<string, Map<string, ImportEdge>>): ImportEdge[] {
  const table = reexports.get(edge.target);
  if (!table) return [edge];
  const all = [...new Map([...table.values()].map((e) => [e.target, e])).values()];
  if (!edge.names) return all.map((e) => ({ ...e, typeOnly: edge.typeOnly }));
  const out = new Map<string, ImportEdge>();
  for (const n of edge.names) {
    const e = table.get(n.name);
    if (!e) return all.map((x) => ({ ...x, typeOnly: edge.typeOnly }));
    const typeOnly = edge.typeOnly || n.typeOnly || e.typeOnly;
    const seen = out.get(e.target);
    out.set(e.target, { target: e.target, typeOnly: typeOnly && (seen?.typeOnly ?? true), names: null });
  }
  return [...out.values()];
}

/** Per public.ts: each name it re-exports, with the file that defines it. */
function publicReexports(files: SourceFile[], known: Set<string>): Map<string, Map<string, ImportEdge>> {
  const out = new Map<string, Map<string, ImportEdge>>();
  for (const f of files.filter((x) => isAreaPublic(x.file))) {
    const table = new Map<string, ImportEdge>();
    for (const e of importsOf(f, known))
      for (const n of e.names ?? []) table.set(n.name, { target: e.target, typeOnly: e.typeOnly || n.typeOnly, names: null });
    out.set(f.file, table);
  }
  return out;
}

/** The server's rule for one import, or null when it keeps it: an area reaches another only through that area's public.ts. */
function areaBoundary(from: string, to: string): string | null {
  const [a, b] = [areaOf(from), areaOf(to)];
  if (!a || !b || a === b || to === `src/server/areas/${b}/public.ts`) return null;
  return `server area ${a} may import area ${b} only through its public.ts`;
}

/**
 * Whether a server area importing another area's inner file fails the check
 * or is counted as a warning. Every area that others use offers a public.ts
 * (decision 204), so a new reach into another area's files fails.
 */
export const AREA_BOUNDARY: 'error' | 'warning' = 'error';

export interface ImportFindings {
  /** Broken rules: the check fails. */
  problems: string[];
  /** Area imports that will be problems once AREA_BOUNDARY is `error`. */
  warnings: string[];
}

/** Every broken direction and every circle, as readable lines; empty when the tree keeps the rules. */
export function importViolations(files: SourceFile[], areas: 'error' | 'warning' = AREA_BOUNDARY): string[] {
  return importFindings(files, areas).problems;
}

/** The broken rules, and the area imports counted as warnings while AREA_BOUNDARY says so. */
export function importFindings(files: SourceFile[], areas: 'error' | 'warning' = AREA_BOUNDARY): ImportFindings {
  const known = new Set(files.map((f) => f.file));
  const graph = new Map<string, string[]>();
  const problems: string[] = [];
  const warnings: string[] = [];
  const reexports = publicReexports(files, known);
  for (const f of files) {
    const edges = importsOf(f, known);
    // A public.ts is a door, not a module of its own: its importers depend on the files behind it.
    graph.set(
      f.file,
      (isAreaPublic(f.file) ? edges : edges.flatMap((e) => throughPublic(e, reexports))).map((e) => e.target),
    );
    if (isAreaPublic(f.file)) {
      const shape = publicShape(f);
      if (shape) problems.push(shape);
    }
    const from = layerOf(f.file);
    if (!from) continue;
    for (const edge of edges) {
      const behind = isAreaPublic(f.file) ? [edge] : throughPublic(edge, reexports);
      for (const { target: t, typeOnly } of behind) {
        const to = layerOf(t);
        if (!to) {
          problems.push(`${f.file} imports ${t}: src must not import tests, benchmarks or scripts`);
          continue;
        }
        // Routes may name a repository's record type in a DTO mapper; they may not call it.
        const typeAllowed = typeOnly && from === 'server/routes' && to === 'server/repositories';
        const via = t === edge.target ? '' : ` (through ${edge.target})`;
        if (to !== from && !typeAllowed && !(ALLOWED[from] ?? []).includes(to))
          problems.push(`${f.file} imports ${t}${via}: ${from} must not import ${to}`);
      }
      const t = edge.target;
      const web = webBoundary(f.file, t);
      if (web) problems.push(`${f.file} imports ${t}: ${web}`);
      const area = areaBoundary(f.file, t);
      if (area) (areas === 'error' ? problems : warnings).push(`${f.file} imports ${t}: ${area}`);
    }
  }
  problems.push(...routeOptionWeight(files));
  problems.push(...cycles(graph).map((c) => `import circle: ${c.join(' → ')}`));
  return { problems, warnings };
}

/**
 * The route tree is part of every first screen (docs/performance/web.md): a route file
 * that loads zod puts it into the entry chunk. Search params are validated by
 * web/lib/search-params.ts instead; type-only imports cost nothing.
 */
function routeOptionWeight(files: SourceFile[]): string[] {
  return files
    .filter((f) => f.file.startsWith('src/web/routes/'))
    .filter((f) => /^\s*import\s+(?!type\b)[^;]*?from\s*['"]zod(?:\/[^'"]*)?['"]/m.test(f.source))
    .map((f) => `${f.file} imports zod: route files are in every first screen, use web/lib/search-params.ts`);
}

/** Circles among src files (Tarjan's strongly connected components), each reported once. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      const selfLoop = (graph.get(v) ?? []).includes(v);
      if (comp.length > 1 || selfLoop) found.push([...comp.reverse(), comp[0]!]);
    }
  };
  for (const v of graph.keys()) if (v.startsWith('src/') && !idx.has(v)) visit(v);
  return found;
}
