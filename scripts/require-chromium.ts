// End-to-end tests drive a real Chromium; say plainly how to get one when it is missing.
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}: install it with "sudo apt-get install -y chromium" or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}
