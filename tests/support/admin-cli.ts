import { spawn } from 'node:child_process';
import path from 'node:path';
import { runAdmin } from '../../scripts/admin';

const root = path.resolve(import.meta.dirname, '../..');

/** `npm run admin -- <args>` as the operator runs it (the script itself, without npm's banner). */
export function admin(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.on('exit', (code) => resolve({ code, output: output.trim() }));
  });
}

/**
 * The same command run in the test's own process (scripts/admin.ts's runAdmin), answering as
 * admin() does: for the refusals and answers, without the seconds a process of its own costs to
 * start. It opens the database itself, so on PGlite no other database of this process may hold
 * the same data folder (a server process may: its lock names another pid).
 */
export async function adminInProcess(args: string[], env: Record<string, string>) {
  const { code, lines } = await runAdmin(args, { ...process.env, ...env });
  return { code, output: lines.join('\n').trim() };
}
