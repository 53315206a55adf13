// A top-level return before the tests (refused as tampering).

function add(a, b) { return a - b; }
return;
console.assert(add(1, 1) === 2);
