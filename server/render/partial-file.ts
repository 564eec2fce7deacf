import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** A unique file next to the output: renamed onto it when complete, removed otherwise. */
export function partialFile(outFile: string): string {
  return path.join(
    path.dirname(outFile),
    `.${path.basename(outFile)}.${randomBytes(4).toString('hex')}.partial`,
  );
}
