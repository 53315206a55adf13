process.reallyExit(0);
console.assert(false);
