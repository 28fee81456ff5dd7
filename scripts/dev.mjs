// `npm run dev`: rebuild the runtime and the React bundles on change and restart the server from source on
// change (tsx watch), all on the embedded database. Ctrl-C stops all three.
import { spawn, spawnSync } from 'node:child_process';

const first = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const bin = (name) => `node_modules/.bin/${name}`;
const children = [
  spawn(bin('rollup'), ['-c', '--watch', '--silent'], { stdio: 'inherit' }),
  spawn(bin('vite'), ['build', '--watch', '--logLevel', 'warn'], { stdio: 'inherit' }),
  spawn(bin('tsx'), ['watch', '--tsconfig', 'tsconfig.base.json', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => code && code !== 0 && console.error(`${child.spawnargs.join(' ')} exited with ${code}`));
