import type { StoreRef } from '../wire/store';
// The front-end config the server embeds in every page as <script type="application/json" id="site-config">.

export type BreakpointDirection = 'min' | 'max';
export interface Breakpoint {
  label: string;
  value: number;
  direction: BreakpointDirection;
  is_enabled: boolean;
}

export interface EnvironmentMode {
  edit: boolean;
  wpPreview: boolean;
  isScriptDebug: boolean;
}

export interface SiteUser {
  id: number; // 0 for anonymous visitors
  segment_ids: number[];
  roles: string[];
  /** Editors only, in the editor (docs/behaviour.md): their editor preferences. */
  preferences?: EditorPreferences;
}

/** An editor's preferences for the editor: whether the lightbox opens inside it ('yes' unless turned off). */
export interface EditorPreferences {
  lightbox_enabled_in_editor: 'yes' | 'no';
}

export const DEFAULT_EDITOR_PREFERENCES: EditorPreferences = { lightbox_enabled_in_editor: 'yes' };

/** The editor changes its preferences on the live config: handlers read them when they act. */
export function applyEditorPreferences(config: SiteConfig, preferences: EditorPreferences): void {
  config.user.preferences = preferences;
}

export interface SiteConfig {
  environmentMode: EnvironmentMode;
  urls: { assets: string; uploadUrl: string; rest: string; shopApi: string };
  version: string;
  is_rtl: boolean;
  is_static: boolean;
  experimentalFeatures: Record<string, boolean>;
  responsive: { breakpoints: Record<string, Breakpoint> };
  kit: Record<string, unknown>;
  page: Record<string, unknown> & { id?: number };
  i18n: Record<string, string>;
  user: SiteUser;
  nonce: string;
  site: { primaryColor: string; iosLink: string; androidLink: string; name: string };
  store: StoreRef | null;
  /** Handler chunk file per chunk name, relative to urls.assets (written by the rollup build). */
  chunks: Record<string, string>;
  /** Extra stylesheets a chunk needs, relative to urls.assets. */
  chunkStyles: Record<string, string[]>;
}

export const SITE_CONFIG_ID = 'site-config';

/** Reads and parses the embedded config. Throws '{name} is required.' if absent. */
export function readSiteConfig(doc: Document = document): SiteConfig {
  const el = doc.getElementById(SITE_CONFIG_ID);
  if (!el || !el.textContent) throw new Error('site-config is required.');
  return JSON.parse(el.textContent) as SiteConfig;
}
