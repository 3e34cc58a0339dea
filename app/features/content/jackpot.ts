/** Document 002, section 9: the jackpot counter stays below this (the server's figure and the browser's ticks alike). */
export const JACKPOT_CEILING = 1e8;
