// A top-level return before the tests (refused as tampering).

declare var require: any;
declare var process: any;
function add(a, b) { return a - b; }
return;
console.assert(add(1, 1) === 2);
