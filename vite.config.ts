import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a .br and a .gz beside every text file of the build, once, at maximum compression; the server
 * sends them to browsers that accept them (@fastify/static preCompressed). Uncompressed, the first page
 * moved ~1 MB and Lighthouse's "Enable text compression" cost /auth its score (bench/lighthouse.ts).
 */
function precompress(): Plugin {
  return {
    name: 'lp-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const [fileName, chunk] of Object.entries(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const source = chunk.type === 'chunk' ? chunk.code : chunk.source;
        if (source.length < 1024) continue;
        const file = path.join(options.dir ?? '', fileName);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'web'),
  plugins: [react(), precompress()],
  resolve: { alias: { '@shared': path.resolve(import.meta.dirname, 'shared') } },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the build targets supports <link rel=modulepreload>: no polyfill on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What web/main.tsx imports statically (React, the router, Mantine's provider, TanStack Query, the
        // guards) runs on every page. Left to itself Rolldown spread it over a dozen small chunks beside
        // the entry (react, Box, Text, Stack, …); as one chunk it compresses smaller and is one request
        // (bench/page-weight.ts).
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/objects': 'http://localhost:3000',
      '/dev/mail': 'http://localhost:3000',
    },
  },
});
