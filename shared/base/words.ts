// Counts in words, the same in every front end's messages: "1 request", "2 credits".

/** `n` and the word, with an s unless n is 1. */
export const counted = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;
