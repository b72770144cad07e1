// `npm run dev`: the API server (port 8080 unless PORT is set) and the Vite dev server with HMR
// on http://localhost:5173/app/, which proxies /api, /api_v1 and the runtime config to it.
import { spawn } from 'node:child_process';
import { ROOT, SERVER_ENTRY } from './lib.mjs';

const port = process.env.PORT ?? '8080';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', SERVER_ENTRY], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env, PORT: port },
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@cuepoint/web'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, CUEPOINT_API_ORIGIN: `http://localhost:${port}` },
  }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    if (code) stop('SIGTERM');
  });
