// Runs npm scripts side by side, as many at once as the machine has cores (at least 2), taking
// them in the order given (put the longest first); prints each one's output whole when it ends,
// with its time, and fails when any of them failed. `npm test` runs lint and the type checks
// this way: one after another they took a minute on two cores, mostly one core's work each.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}
const slots = Math.max(2, availableParallelism());

function run(script) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString();
      const passed = code === 0;
      process.stdout.write(`> ${script}: ${passed ? 'passed' : 'FAILED'} in ${seconds} s\n`);
      if (text.trim() !== '') process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      resolve(passed);
    });
  });
}

const queue = [...scripts];
const failed = [];
async function lane() {
  for (let script = queue.shift(); script !== undefined; script = queue.shift()) {
    if (!(await run(script))) failed.push(script);
  }
}
await Promise.all(Array.from({ length: Math.min(slots, scripts.length) }, lane));
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
