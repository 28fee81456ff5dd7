import { optionsOf } from '../types';
import { adblockDetection } from './adblock-detection';
import { click } from './click';
import { exitIntent } from './exit-intent';
import { inactivity } from './inactivity';
import { pageLoad } from './page-load';
import { scrolling } from './scrolling';
import { scrollingTo } from './scrolling-to';
import type { Trigger } from './trigger';

/** Every trigger by its settings name. */
export const TRIGGERS: Record<string, Trigger> = {
  page_load: pageLoad,
  scrolling,
  scrolling_to: scrollingTo,
  click,
  inactivity,
  exit_intent: exitIntent,
  adblock_detection: adblockDetection,
};

/** Names of the triggers switched on ('yes') in the settings. */
export function activeTriggers(triggers: Record<string, unknown> | undefined): string[] {
  return Object.keys(TRIGGERS).filter((name) => triggers?.[name] === 'yes');
}

/**
 * Starts every active trigger; the first that fires calls `onFire` once and all triggers are dropped.
 * Returns the function that drops them early.
 */
export function armTriggers(
  triggers: Record<string, unknown> | undefined,
  win: Window,
  onFire: (name: string, detail: string) => void,
): () => void {
  const stops: Array<() => void> = [];
  let done = false;
  const stopAll = (): void => {
    done = true;
    stops.splice(0).forEach((stop) => stop());
  };
  for (const name of activeTriggers(triggers)) {
    const stop = TRIGGERS[name]({
      options: optionsOf(triggers, name),
      win,
      fire: (detail) => {
        if (done) return;
        stopAll();
        onFire(name, detail);
      },
    });
    if (done) stop();
    else stops.push(stop);
  }
  return stopAll;
}
