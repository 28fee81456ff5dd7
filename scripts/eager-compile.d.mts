import type { Plugin } from 'rollup';

export const EAGER_COMPILE: string;
export function isSwiper(id: string): boolean;
export function eagerCompilePlugin(): Plugin;
