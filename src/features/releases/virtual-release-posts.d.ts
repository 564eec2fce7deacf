// The Canvas release posts, rendered from content/releases/*.md at build time by
// scripts/vite-release-posts.ts (see scripts/release-posts.ts for the shape), newest first.
declare module 'virtual:release-posts' {
  export interface ReleasePost {
    /** The post's address: /spotify-canvas-videos/releases/<id>. */
    id: string;
    title: string;
    /** YYYY-MM-DD. */
    date: string;
    summary: string;
    /** Names of the Canvas templates it introduces or changes (at least one). */
    templates: string[];
    /** The body as HTML, from our own Markdown (raw HTML in it arrives escaped). */
    html: string;
  }
  const posts: readonly ReleasePost[];
  export default posts;
}
