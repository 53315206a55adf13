process.exit(0);
const answer = () => 1;
export const value = () => answer();
