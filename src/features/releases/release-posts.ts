// The release posts the build bundled, and the Canvas templates they show.
import posts, { type ReleasePost } from 'virtual:release-posts';
import { listTemplates } from '../../../core/render/renderer';
import type { TemplateInfo } from '../../../core/render/template';

export type { ReleasePost };

/** Every post, newest first. */
export const RELEASE_POSTS: readonly ReleasePost[] = posts;

export const RELEASES_PATH = '/spotify-canvas-videos/releases';

export const releasePostPath = (id: string) => `${RELEASES_PATH}/${id}`;

export const createCanvasPath = (template: string) =>
  `/spotify-canvas-video-templates/create/${template}`;

export function releasePostById(id: string): ReleasePost | undefined {
  return RELEASE_POSTS.find((post) => post.id === id);
}

/** The post's templates (the build checked they exist; one removed since is left out). */
export function templatesOf(post: ReleasePost): TemplateInfo[] {
  const canvas = listTemplates('canvas');
  return post.templates.flatMap((name) => canvas.filter((template) => template.name === name));
}

/** A post's date for people, e.g. "24 November 2026", the same everywhere (it is a day, not a moment). */
export function formatPostDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
