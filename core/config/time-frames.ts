/** Time frames in seconds (SPEC §9): popup "times" periods, the app banner cookie's month, show-time memory. */
export const TIME_FRAMES = { day: 86400, week: 604800, month: 2628288 } as const;
