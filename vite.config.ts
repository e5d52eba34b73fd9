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
/**
 * web/boot.ts is an entry of its own, run as the page's first script (index.html): it starts the code and
 * first data of the page the address opens while the shell's code still downloads. Vite would fold a
 * second script of index.html into the shell's entry, which runs only once the shell has downloaded.
 */
function bootScript(): Plugin {
  return {
    name: 'lp-boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const boot = Object.values(bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.name === 'boot',
        );
        const shell = '<script type="module" crossorigin src="/assets/index-';
        if (!boot || !html.includes(shell))
          throw new Error('lp-boot-script: no boot entry or no shell script');
        // Async: it runs as soon as it arrives. A deferred module script (the default) waits for the
        // stylesheet and for the main thread, which was compiling the shell's larger script: the page's
        // code started 100-130 ms after boot had arrived (resource timings in Chromium). The shell imports
        // the same module, so it runs once whichever comes first.
        return html.replace(
          shell,
          `<script type="module" async crossorigin src="/${boot.fileName}"></script>\n    ${shell}`,
        );
      },
    },
  };
}

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
  plugins: [react(), bootScript(), precompress()],
  resolve: { alias: { '@shared': path.resolve(import.meta.dirname, 'shared') } },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the build targets supports <link rel=modulepreload>: no polyfill on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'web/index.html'),
        boot: path.resolve(import.meta.dirname, 'web/boot.ts'),
      },
      output: {
        // Chunks by their hash alone: every page's first script (web/boot.ts) carries the file names of
        // every page's chunks for Vite's preloading, and each chunk names the files it imports, so a
        // name like `createReactComponent-C4X9BPov.js` was paid for on every page (bench/page-weight.ts).
        chunkFileNames: 'assets/[hash].js',
        // What web/main.tsx imports statically (React, the router, Mantine's provider, TanStack Query, the
        // guards) runs on every page. Left to itself Rolldown spread it over a dozen small chunks beside
        // the entry (react, Box, Text, Stack, …); as one chunk it compresses smaller and is one request
        // (bench/page-weight.ts).
        codeSplitting: {
          groups: [
            // The boot entry (web/boot.ts) and what it needs, apart from the shell: it runs before the
            // shell has downloaded and starts the page's code and data. The shell imports it too.
            {
              name: 'boot',
              test: /web[\\/](boot|page-table)\.ts$|web[\\/]lib[\\/]api-url\.ts$|preload-helper/,
              priority: 2,
            },
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
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
