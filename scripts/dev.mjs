// Development: the API with reload on change, and Vite's dev server proxying /api to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@bazaar/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@bazaar/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
