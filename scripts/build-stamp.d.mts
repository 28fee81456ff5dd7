// Types of build-stamp.mjs for the TypeScript that imports it (the test harness).
export declare const STAMP: string;
/** Whether dist/ was built after the last change to any source it is built from. */
export declare function buildIsCurrent(): boolean;
