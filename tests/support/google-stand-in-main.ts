// Google's OAuth 2.0 and YouTube Data API stand-in (google-stand-in.ts) as a process of its own,
// for the end-to-end tests: Playwright starts it beside the app (playwright.config.ts) with
// `tsx tests/support/google-stand-in-main.ts` on STAND_IN_PORT, and gives the app the client and
// endpoints printed here (GOOGLE_OAUTH_*_URL, YOUTUBE_API_URL). Tests set faults and add accounts
// through its control path (/_stand-in/faults, /_stand-in/accounts) and read /_stand-in/state.
import { startGoogleStandIn } from './google-stand-in';

const port = Number(process.env.STAND_IN_PORT);
if (!port) {
  console.error('Usage: STAND_IN_PORT=… tsx google-stand-in-main.ts');
  process.exit(1);
}
const standIn = await startGoogleStandIn({ port });
console.log(`google stand-in on ${standIn.url}: ${JSON.stringify(standIn.env)}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
