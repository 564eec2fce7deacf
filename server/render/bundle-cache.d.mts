// Types of bundle-cache.mjs (plain JavaScript, so the render command line runs it uncompiled).

export interface BundleOptions {
  /** The repository's root. */
  root: string;
  /** The bundle folders' name before the stamp. */
  prefix: string;
  /** What the bundles are made from, relative to the root. */
  inputs: string[];
  /** Output file name → entry, relative to the root. */
  entries: Record<string, string>;
}

/** The folder holding a bundle of each entry for the current sources, built when missing. */
export function ensureBundle(options: BundleOptions): Promise<string>;
