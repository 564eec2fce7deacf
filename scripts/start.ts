// `npm start`: builds the web app when dist/ is missing or stale, then runs the API, the web
// app and the job worker in this one process.
import path from 'node:path';
import { loadConfig } from '../server/config';
import { runMain, startServer } from '../server/main';
import { ensureWebBuild } from './web-build';

const root = path.resolve(import.meta.dirname, '..');

await runMain(async () => {
  const config = loadConfig();
  await ensureWebBuild(root, config.webDistDir, (line) => console.log(line));
  return startServer();
});
