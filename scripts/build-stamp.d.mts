// Types of build-stamp.mjs for the TypeScript that imports it (the test harness).
export declare const STAMP: string;
/** Whether dist/ was built after the last change to any source it is built from. */
export declare function buildIsCurrent(): boolean;
/** The compiled server (`npm start` runs it). */
export declare const COMPILED_SERVER: string;
/** The compiled server's path when the build is current, else null (run the sources instead). */
export declare function currentCompiledServer(): string | null;
