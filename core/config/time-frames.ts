/** Time frames in seconds (docs/behaviour.md): popup "times" periods, the app banner cookie's month, show-time memory. */
export const TIME_FRAMES = { day: 86400, week: 604800, month: 2628288 } as const;
