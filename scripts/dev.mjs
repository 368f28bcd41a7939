// `npm run dev`: the API with reload on change (port 3000) and Vite's dev server with hot
// module replacement (http://localhost:5173, proxying /api, /images, /sandbox and /s/ to the API).
import { spawn } from 'node:child_process';

// Links the API writes (e-mails, short links, payment return pages) must open the page the
// developer is looking at: Vite's, since the API on :3000 serves no built storefront in dev.
const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/main.ts'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];

function stop(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
