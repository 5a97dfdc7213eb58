import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
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
  ],
  build: { outDir: path.resolve('dist/web'), emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://localhost:3000', '/builds': 'http://localhost:3000' } },
});
