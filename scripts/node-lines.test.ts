import { describe, expect, it } from 'vitest';
import { gypEnv } from './node-lines.mjs';

describe('the environment better-sqlite3 is built in for another Node line', () => {
  it("names the line's own headers, whatever npm exported (npm run passes the machine's nodedir=/usr)", () => {
    const env = gypEnv('/repo/.tools/node-24.9.0', {
      PATH: '/usr/bin',
      npm_config_nodedir: '/usr',
      NPM_CONFIG_TARGET: '20.20.2',
      npm_config_node_gyp: '/usr/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
    });
    expect(env).toEqual({ PATH: '/usr/bin', npm_config_nodedir: '/repo/.tools/node-24.9.0' });
  });
});
