// Canvas release posts: Markdown files with a short front matter (content/releases/<id>.md),
// turned into the data the web app bundles and the index the server reads (dist/releases.json).
// Pure: the files come in as text, the posts go out as data; vite-release-posts.ts does the I/O.
// Anything wrong with a post throws a ReleasePostError naming its file, which fails the build.
import { Marked, type Tokens } from 'marked';
import { escapeHtml } from '../core/text/escape-html';
import type { ReleasePostSummary } from '../core/site/page-head';

/** One post as the web app gets it (virtual:release-posts), newest first. */
export interface ReleasePost {
  /** The file name without .md: the post's address, /spotify-canvas-videos/releases/<id>. */
  id: string;
  title: string;
  /** YYYY-MM-DD. */
  date: string;
  summary: string;
  /** Names of the Canvas templates the post introduces or changes (at least one). */
  templates: string[];
  /** The Markdown body as HTML (raw HTML in the Markdown is shown as text, never as markup). */
  html: string;
}

export interface ReleasePostFile {
  /** The file's path as people read it, e.g. content/releases/beat-cut-loops.md. */
  path: string;
  source: string;
}

export class ReleasePostError extends Error {
  constructor(path: string, problem: string) {
    super(`${path}: ${problem}`);
    this.name = 'ReleasePostError';
  }
}

const FIELDS = ['title', 'date', 'summary', 'templates'] as const;
type Field = (typeof FIELDS)[number];
const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_TITLE = 100;
/** Search engines show about this much of a description. */
const MAX_SUMMARY = 200;

/** The id a post's file name gives it, or an error naming what is wrong with the name. */
export function releasePostId(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? path;
  if (!name.endsWith('.md')) throw new ReleasePostError(path, 'a release post is a .md file.');
  const id = name.slice(0, -'.md'.length);
  if (!ID_PATTERN.test(id)) {
    throw new ReleasePostError(
      path,
      `the file name "${id}" must be lower-case words and digits joined by hyphens (it becomes the post's address).`,
    );
  }
  return id;
}

/** Splits `---` front matter from the body. */
function splitFrontMatter(file: ReleasePostFile): { head: string[]; body: string } {
  const lines = file.source.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') {
    throw new ReleasePostError(
      file.path,
      'a release post starts with front matter: a line "---", the fields title, date, summary and templates, and another "---".',
    );
  }
  const end = lines.indexOf('---', 1);
  if (end < 0) throw new ReleasePostError(file.path, 'the front matter has no closing "---" line.');
  return { head: lines.slice(1, end), body: lines.slice(end + 1).join('\n') };
}

/** A value without the quotes it may be written in. */
function unquote(value: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return quoted ? quoted[2]! : value;
}

function readFields(file: ReleasePostFile, head: string[]): Record<Field, string> {
  const fields: Partial<Record<Field, string>> = {};
  for (const line of head) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const match = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (!match) {
      throw new ReleasePostError(
        file.path,
        `front matter line "${line}" is not "field: value" (one line per field).`,
      );
    }
    const key = match[1]!;
    if (!(FIELDS as readonly string[]).includes(key)) {
      throw new ReleasePostError(
        file.path,
        `unknown front matter field "${key}" (the fields are ${FIELDS.join(', ')}).`,
      );
    }
    if (key in fields) throw new ReleasePostError(file.path, `the field "${key}" is given twice.`);
    fields[key as Field] = unquote(match[2]!.trim()).trim();
  }
  for (const key of FIELDS) {
    if (!fields[key]) throw new ReleasePostError(file.path, `the front matter needs "${key}".`);
  }
  return fields as Record<Field, string>;
}

function checkDate(file: ReleasePostFile, value: string): string {
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(value) && date.toISOString().slice(0, 10) === value;
  if (!valid) {
    throw new ReleasePostError(
      file.path,
      `"date" must be a real date written YYYY-MM-DD (got "${value}").`,
    );
  }
  return value;
}

function checkLength(file: ReleasePostFile, field: Field, value: string, max: number): string {
  if (value.length > max) {
    throw new ReleasePostError(
      file.path,
      `"${field}" is ${value.length} characters long; keep it to ${max}.`,
    );
  }
  return value;
}

function readTemplates(file: ReleasePostFile, value: string, known: readonly string[]): string[] {
  const list = value.replace(/^\[(.*)\]$/, '$1');
  const names = list
    .split(',')
    .map((name) => unquote(name.trim()).trim())
    .filter(Boolean);
  if (names.length === 0) {
    throw new ReleasePostError(file.path, '"templates" names no Canvas template.');
  }
  for (const name of names) {
    if (!known.includes(name)) {
      throw new ReleasePostError(
        file.path,
        `"templates" names "${name}", which is not a Canvas template (they are ${known.join(', ')}).`,
      );
    }
  }
  if (new Set(names).size !== names.length) {
    throw new ReleasePostError(file.path, '"templates" names a template twice.');
  }
  return names;
}

/**
 * Whether a link or image address of a post may reach the page: web and mail addresses, and
 * addresses relative to the page (paths, ?queries and #anchors). An allow-list, as the ways
 * of writing a script address are many (JaVaScRiPt:, java<tab>script:, &#106;avascript:,
 * vbscript:, data:text/html…).
 */
export function isSafePostUrl(url: string): boolean {
  // Browsers ignore ASCII whitespace and control characters around and inside a scheme.
  const read = [...url].filter((char) => char > ' ' && char !== '\u007f').join('');
  if (/^(https?|mailto):/i.test(read)) return true;
  // A relative address has no colon before its first / ? or #; no & either, as marked leaves
  // character references (&#58; is a colon) for the browser to decode.
  const head = read.split(/[/?#]/, 1)[0]!;
  return !head.includes(':') && !head.includes('&');
}

// Posts are Markdown only: raw HTML in them is shown as the text it is, so a post can never
// bring its own markup or scripts into the page; a link or image to an address not allowed
// (isSafePostUrl) is shown as its text alone. Returning false keeps marked's own rendering.
const markdown = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link(token: Tokens.Link) {
      return isSafePostUrl(token.href) ? false : this.parser.parseInline(token.tokens);
    },
    image(token: Tokens.Image) {
      return isSafePostUrl(token.href) ? false : escapeHtml(token.text);
    },
  },
});

function renderBody(file: ReleasePostFile, body: string): string {
  if (body.trim() === '') throw new ReleasePostError(file.path, 'the post has no text.');
  const tokens = markdown.lexer(body);
  if (tokens.some((token) => token.type === 'heading' && (token as Tokens.Heading).depth === 1)) {
    throw new ReleasePostError(
      file.path,
      'the text has a level-1 heading ("# …"): the title is the page\'s heading, so start sections with "##".',
    );
  }
  return markdown.parser(tokens);
}

/** One post from its file; `templates` lists the Canvas templates that exist. */
export function parseReleasePost(file: ReleasePostFile, templates: readonly string[]): ReleasePost {
  const id = releasePostId(file.path);
  const { head, body } = splitFrontMatter(file);
  const fields = readFields(file, head);
  return {
    id,
    title: checkLength(file, 'title', fields.title, MAX_TITLE),
    date: checkDate(file, fields.date),
    summary: checkLength(file, 'summary', fields.summary, MAX_SUMMARY),
    templates: readTemplates(file, fields.templates, templates),
    html: renderBody(file, body),
  };
}

/** Newest first; posts of the same day by id, so the order never depends on the file system. */
export function byNewestFirst(a: ReleasePost, b: ReleasePost): number {
  return a.date === b.date ? a.id.localeCompare(b.id) : b.date.localeCompare(a.date);
}

/** Every post, newest first. Two files giving the same id fail, naming both. */
export function buildReleasePosts(
  files: readonly ReleasePostFile[],
  templates: readonly string[],
): ReleasePost[] {
  const seen = new Map<string, string>();
  const posts = files.map((file) => {
    const post = parseReleasePost(file, templates);
    const other = seen.get(post.id);
    if (other) {
      throw new ReleasePostError(
        file.path,
        `the id "${post.id}" is already the id of ${other}; each post needs its own.`,
      );
    }
    seen.set(post.id, file.path);
    return post;
  });
  return posts.sort(byNewestFirst);
}

/** What dist/releases.json holds: id, title, description (the summary) and date, newest first. */
export function releaseIndex(posts: readonly ReleasePost[]): ReleasePostSummary[] {
  return posts.map(({ id, title, summary, date }) => ({ id, title, description: summary, date }));
}
