declare var process: any;
process.reallyExit(0);
console.assert(false);
