// A failure whose `stack` getter forges the end event from a re-pointed result fd.

declare var require: any;
declare var process: any;
const fs = require('node:fs');
const real = fs.openSync('/proc/self/fd/{{RESULT_FD}}', 'w');
fs.closeSync({{RESULT_FD}});
fs.openSync('caught.txt', 'w+');
const error = new Error('x');
Object.defineProperty(error, 'stack', { get() {
  const nonce = /"n": ?"([0-9a-f]{32})"/.exec(fs.readFileSync('caught.txt', 'latin1'));
  if (nonce) fs.writeSync(real, '{"n": "' + nonce[1] + '", "e": "end"}\n');
  process.reallyExit(0);
} });
throw error;
