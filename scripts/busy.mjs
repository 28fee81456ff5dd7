// `node scripts/busy.mjs [workers] -- <command…>`: runs a command while other processes keep every core busy,
// to check that the suite holds on a loaded machine (it waits on signals, never on fixed sleeps).
// Example: node scripts/busy.mjs 2 -- npm test
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const sep = process.argv.indexOf('--');
if (sep < 0 || sep === process.argv.length - 1) {
  console.error('usage: node scripts/busy.mjs [workers] -- <command…>');
  process.exit(2);
}
const workers = Number(process.argv[2] !== '--' ? process.argv[2] : availableParallelism());
const [cmd, ...args] = process.argv.slice(sep + 1);

// Each burner spins on arithmetic for as long as the command runs.
const burn = 'let x = 0; for (;;) { for (let i = 0; i < 1e7; i++) x = (x * 31 + i) % 1000003; }';
const burners = Array.from({ length: workers }, () => spawn(process.execPath, ['-e', burn], { stdio: 'ignore' }));
const started = Date.now();
const child = spawn(cmd, args, { stdio: 'inherit' });
child.on('exit', (code) => {
  for (const b of burners) b.kill('SIGKILL');
  console.log(
    `\n${[cmd, ...args].join(' ')}: exit ${code} in ${((Date.now() - started) / 1000).toFixed(1)} s with ${workers} busy workers`,
  );
  process.exit(code ?? 1);
});
