declare var process: any;
process.exit(0);
console.assert(false);
