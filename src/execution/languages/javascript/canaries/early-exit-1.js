process.exit(0);
console.assert(false);
