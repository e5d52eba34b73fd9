// npm records only the platform packages this registry serves; `npm ci` then refuses the lock file.
// This adds the missing optional platform entries (with os/cpu/libc, so npm skips them here).
// Run after every `npm install`: npm run lock:fix
import fs from 'node:fs';

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pkgs = lock.packages;
let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    if (pkgs[base] || pkgs[`node_modules/${name}`]) continue;
    const parts = name.split('/').pop().split('-');
    const entry = { version: range.replace(/^[\^~]/, ''), optional: true };
    if (meta.dev) entry.dev = true;
    const os = [
      'darwin',
      'linux',
      'win32',
      'android',
      'freebsd',
      'openbsd',
      'sunos',
      'aix',
      'netbsd',
      'openharmony',
      'wasi',
    ].find((o) => parts.includes(o));
    const cpu = [
      'arm64',
      'x64',
      'arm',
      'ia32',
      'riscv64',
      'ppc64',
      's390x',
      'loong64',
      'mips64el',
      'wasm32',
    ].find((c) => parts.includes(c));
    if (os) entry.os = [os];
    if (cpu) entry.cpu = [cpu];
    if (parts.includes('musl')) entry.libc = ['musl'];
    else if (os === 'linux' && parts.includes('gnu')) entry.libc = ['glibc'];
    pkgs[`node_modules/${name}`] = entry;
    added++;
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} optional platform entries`);
