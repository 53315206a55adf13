const answer = () => 1;
export const value = () => answer();
