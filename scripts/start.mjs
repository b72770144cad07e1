// `npm start`: build the console if missing or stale, then run the server in this process
// (migrations and first-run seed happen at its start). Ctrl-C shuts it down gracefully.
import { register } from 'tsx/esm/api';
import { buildConsole, consoleBuildIsStale, SERVER_ENTRY } from './lib.mjs';

if (consoleBuildIsStale()) {
  process.stdout.write('Building the console (missing or older than its sources)...\n');
  await buildConsole();
}
register();
await import(SERVER_ENTRY);
