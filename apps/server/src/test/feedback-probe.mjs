// Loaded with `node --allow-natives-syntax --import` by tick-object-shape.test.ts: a line written
// to the process's stdin prints V8's view of process.nextTick (its feedback slots) to stdout (a
// file), then "feedback printed". V8 prints through C's stdio, whose buffer is written out only
// when full: 64 kB of small prints after it (more than any stdio buffer) push the whole of it
// out before Node writes the last line. %DebugPrint is V8 syntax, so it is compiled at run time.
import { createInterface } from 'node:readline';

const debugPrint = new Function('f', '%DebugPrint(f)');
createInterface({ input: process.stdin }).on('line', () => {
  debugPrint(process.nextTick);
  for (let i = 0; i < 2_600; i++) debugPrint(0);
  process.stdout.write('feedback printed\n');
});
