import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

/** One id per build: baked into the bundle and written to builds/latest.json, which running clients poll (SPEC §2). */
const buildId = `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${randomBytes(3).toString('hex')}`;

function buildManifest(): Plugin {
  return {
    name: 'buchbar-build-manifest',
    apply: 'build',
    writeBundle(options) {
      const dir = path.join(options.dir ?? 'dist/web', 'builds');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({ buildId, builtAt: new Date().toISOString() }));
    },
  };
}

/** Writes a .gz beside every text asset once at build time, so serving it compressed costs no CPU. */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const p = path.join(dir, name);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
  return {
    name: 'buchbar-precompress',
    apply: 'build',
    writeBundle(options) {
      for (const file of walk(options.dir ?? 'dist/web')) {
        if (!/\.(js|css|html|json|svg)$/.test(file) || statSync(file).size < 1024) continue;
        const bytes = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: path.resolve('src/web/routes'),
      generatedRouteTree: path.resolve('src/web/route-tree.gen.ts'),
    }),
    react(),
    buildManifest(),
    precompress(),
  ],
  build: { outDir: path.resolve('dist/web'), emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://localhost:3000', '/builds': 'http://localhost:3000' } },
});
