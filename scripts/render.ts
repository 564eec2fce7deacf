// `npm run render -- <kind> --template <name> --audio <file> ... --out <file.mp4>`: renders a
// video without the server, through the same engine as the render jobs; the audio is analysed
// here with core's analyzer, as the process-audio job does. `npm run render -- templates` lists
// the templates. Any bad input ends with one line on stderr and exit status 1.
//
// The kinds are declared in render/kinds/ (their options and their work); this file picks the
// kind, parses its options with the one parser and runs it with the one progress reporter.

import { KINDS } from './render/kinds';
import { fail, listOr } from './render/options';
import { parseOptions } from './render/parse-options';
import { consoleProgress } from './render/progress';
import { usage } from './render/usage';

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    console.log(usage(KINDS));
    if (command === undefined) process.exitCode = 1;
    return;
  }
  const kind = KINDS.find((candidate) => candidate.name === command);
  if (!kind) {
    fail(`unknown command "${command}": use ${listOr(KINDS.map((k) => k.name))}`);
  }
  await kind.run(await parseOptions(kind, rest), consoleProgress);
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  const message =
    error instanceof Error
      ? error.name === 'AbortError'
        ? 'cancelled'
        : error.message.split('\n')[0]!
      : String(error);
  console.error(`render: ${message}`);
  process.exitCode = 1;
}
