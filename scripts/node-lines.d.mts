/** The other supported Node lines, installed into .tools/; see node-lines.mjs. */
export const NODE_LINES: string[];
export function ensureNodeLine(version: string): { version: string; node: string; env: Record<string, string> };
export function gypEnv(home: string, env?: NodeJS.ProcessEnv): Record<string, string | undefined>;
