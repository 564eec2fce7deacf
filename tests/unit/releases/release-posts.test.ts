import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { listTemplates } from '../../../core/render/renderer';
import {
  buildReleasePosts,
  parseReleasePost,
  releaseIndex,
  type ReleasePostFile,
} from '../../../scripts/release-posts';
import {
  canvasTemplateNames,
  readReleasePosts,
  releasePostsPlugin,
} from '../../../scripts/vite-release-posts';

const TEMPLATES = ['vinyl', 'slow-zoom', 'vhs-glitch'];

function post(
  name: string,
  fields: Record<string, string>,
  body = 'Some **text**.',
): ReleasePostFile {
  const head = Object.entries(fields).map(([key, value]) => `${key}: ${value}`);
  return { path: `content/releases/${name}.md`, source: ['---', ...head, '---', body].join('\n') };
}

const FIELDS = {
  title: 'Rotating Vinyl',
  date: '2026-11-24',
  summary: 'A record turning at 33 rpm.',
  templates: 'vinyl',
};

describe('parseReleasePost', () => {
  it('reads the front matter and renders the Markdown body', () => {
    const parsed = parseReleasePost(
      post(
        'vinyl-arrives',
        { ...FIELDS, title: '"Quoted: title"', templates: '[vinyl, "slow-zoom"]' },
        '## What it does\n\nTurns [whole turns](/spotify-canvas-video-templates/create/vinyl).\n\n- one\n- two',
      ),
      TEMPLATES,
    );
    expect(parsed).toEqual({
      id: 'vinyl-arrives',
      title: 'Quoted: title',
      date: '2026-11-24',
      summary: 'A record turning at 33 rpm.',
      templates: ['vinyl', 'slow-zoom'],
      html: expect.stringContaining('<h2>What it does</h2>'),
    });
    expect(parsed.html).toContain(
      '<a href="/spotify-canvas-video-templates/create/vinyl">whole turns</a>',
    );
    expect(parsed.html).toContain('<li>two</li>');
  });

  it('shows raw HTML in a post as text, never as markup', () => {
    const parsed = parseReleasePost(
      post(
        'html',
        FIELDS,
        'Hello <script>alert(1)</script> and\n\n<img src=x onerror="alert(2)">\n\nbye',
      ),
      TEMPLATES,
    );
    expect(parsed.html).not.toContain('<script');
    expect(parsed.html).not.toContain('<img');
    expect(parsed.html).toContain('&lt;script&gt;');
    expect(parsed.html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
  });

  const htmlOf = (body: string) => parseReleasePost(post('links', FIELDS, body), TEMPLATES).html;

  it.each([
    ['javascript:', '[the text](javascript:alert(1))'],
    ['upper case', '[the text](JAVASCRIPT:alert(1))'],
    ['mixed case', '[the text](JaVaScRiPt:alert(1))'],
    ['a leading space', '[the text]( javascript:alert(1))'],
    ['a leading tab', '[the text](<\tjavascript:alert(1)>)'],
    ['a tab inside the scheme', '[the text](<java\tscript:alert(1)>)'],
    ['an encoded first letter', '[the text](&#106;avascript:alert(1))'],
    ['a hex-encoded first letter', '[the text](&#x6A;avascript:alert(1))'],
    ['an encoded colon', '[the text](javascript&#58;alert(1))'],
    ['a named colon', '[the text](javascript&colon;alert(1))'],
    ['vbscript:', '[the text](vbscript:msgbox(1))'],
    ['data:text/html', '[the text](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['file:', '[the text](file:///etc/passwd)'],
    ['a reference definition', '[the text][ref]\n\n[ref]: javascript:alert(1)'],
    ['a title', '[the text](javascript:alert(1) "a title")'],
  ])('drops a link with %s, keeping its text', (_, body) => {
    const html = htmlOf(body);
    expect(html).not.toContain('href');
    expect(html).not.toMatch(/script|data:/i);
    expect(html).toContain('the text');
  });

  it('drops an autolink of another scheme, keeping it as text', () => {
    const html = htmlOf('See <javascript:alert(1)> here');
    expect(html).not.toContain('<a');
    expect(html).toContain('See javascript:alert(1) here');
  });

  it.each([
    ['javascript:', '![the cover](javascript:alert(1))'],
    ['an encoded first letter', '![the cover](&#106;avascript:alert(1))'],
    ['data:text/html', '![the cover](data:text/html,<script>alert(1)</script>)'],
    ['data:image/svg+xml', '![the cover](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
  ])('drops an image with %s, keeping its description', (_, body) => {
    const html = htmlOf(body);
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/src|script|data:/i);
    expect(html).toContain('the cover');
  });

  it('keeps links to web pages, mail addresses, the site and anchors, and images from them', () => {
    const html = htmlOf(
      [
        '[web](https://example.com/a?b=1&c=2)',
        '[plain](http://example.com)',
        '[mail](mailto:team@example.com)',
        '[site](/spotify-canvas-videos/releases)',
        '[here](#what-it-does)',
        '[beside](other-post)',
        '[up](../releases)',
        '[search](?q=vinyl)',
        'www.example.com',
        '![cover](/images/cover.png)',
        '![remote](https://example.com/cover.png)',
      ].join(' '),
    );
    for (const href of [
      'https://example.com/a?b=1&amp;c=2',
      'http://example.com',
      'mailto:team@example.com',
      '/spotify-canvas-videos/releases',
      '#what-it-does',
      'other-post',
      '../releases',
      '?q=vinyl',
      'http://www.example.com',
    ])
      expect(html).toContain(`href="${href}"`);
    expect(html).toContain('<img src="/images/cover.png" alt="cover">');
    expect(html).toContain('<img src="https://example.com/cover.png" alt="remote">');
  });

  it.each([
    [
      'no front matter',
      { path: 'content/releases/a.md', source: 'Just text' },
      'content/releases/a.md: a release post starts with front matter',
    ],
    [
      'an unclosed front matter',
      { path: 'content/releases/a.md', source: '---\ntitle: x\nbody' },
      'content/releases/a.md: the front matter has no closing "---" line.',
    ],
    ['a missing field', post('a', { ...FIELDS, summary: '' }), 'the front matter needs "summary"'],
    [
      'an unknown field',
      post('a', { ...FIELDS, author: 'me' }),
      'unknown front matter field "author"',
    ],
    [
      'a line that is no field',
      { path: 'content/releases/a.md', source: '---\n- vinyl\n---\ntext' },
      'front matter line "- vinyl" is not "field: value"',
    ],
    [
      'a date that does not exist',
      post('a', { ...FIELDS, date: '2026-02-30' }),
      '"date" must be a real date written YYYY-MM-DD (got "2026-02-30")',
    ],
    [
      'a date written otherwise',
      post('a', { ...FIELDS, date: 'Nov 24, 2026' }),
      '(got "Nov 24, 2026")',
    ],
    [
      'an unknown template',
      post('a', { ...FIELDS, templates: 'vinyl, lava-lamp' }),
      '"templates" names "lava-lamp", which is not a Canvas template (they are vinyl, slow-zoom, vhs-glitch)',
    ],
    ['no template', post('a', { ...FIELDS, templates: '[]' }), 'names no Canvas template'],
    [
      'a template twice',
      post('a', { ...FIELDS, templates: 'vinyl, vinyl' }),
      'names a template twice',
    ],
    ['a long summary', post('a', { ...FIELDS, summary: 'x'.repeat(201) }), 'keep it to 200'],
    ['an empty body', post('a', FIELDS, '\n  \n'), 'the post has no text'],
    ['a level-1 heading', post('a', FIELDS, '# Title again\n\ntext'), 'level-1 heading'],
    ['a file name that is no slug', post('Vinyl_Post', FIELDS), 'the file name "Vinyl_Post"'],
  ])('fails on %s, naming the file', (_, file, message) => {
    expect(() => parseReleasePost(file, TEMPLATES)).toThrow(message);
    expect(() => parseReleasePost(file, TEMPLATES)).toThrow(/^content\/releases\//);
  });
});

describe('buildReleasePosts', () => {
  it('sorts newest first, posts of one day by id', () => {
    const posts = buildReleasePosts(
      [
        post('older', { ...FIELDS, date: '2026-01-05' }),
        post('b-same-day', { ...FIELDS, date: '2026-11-24' }),
        post('newest', { ...FIELDS, date: '2027-01-01' }),
        post('a-same-day', { ...FIELDS, date: '2026-11-24' }),
      ],
      TEMPLATES,
    );
    expect(posts.map((p) => p.id)).toEqual(['newest', 'a-same-day', 'b-same-day', 'older']);
  });

  it('fails when two files give the same id, naming both', () => {
    const first = post('vinyl', FIELDS);
    const second = { ...post('vinyl', FIELDS), path: 'content/releases/old/vinyl.md' };
    expect(() => buildReleasePosts([first, second], TEMPLATES)).toThrow(
      'content/releases/old/vinyl.md: the id "vinyl" is already the id of content/releases/vinyl.md',
    );
  });

  it('lists id, title, description (the summary) and date for the server', () => {
    const posts = buildReleasePosts([post('vinyl', FIELDS)], TEMPLATES);
    expect(releaseIndex(posts)).toEqual([
      {
        id: 'vinyl',
        title: 'Rotating Vinyl',
        description: 'A record turning at 33 rpm.',
        date: '2026-11-24',
      },
    ]);
  });
});

describe('the posts in content/releases', () => {
  it('are valid, newest first, and name existing Canvas templates', async () => {
    const canvas = listTemplates('canvas').map((t) => t.name);
    expect(await canvasTemplateNames()).toEqual(canvas);
    const posts = readReleasePosts(canvas);
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const one of posts) for (const name of one.templates) expect(canvas).toContain(name);
    const dates = posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('releasePostsPlugin', () => {
  function folderWith(files: ReleasePostFile[]): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'waveframe-releases-'));
    for (const file of files) writeFileSync(path.join(dir, path.basename(file.path)), file.source);
    return dir;
  }

  async function buildWith(dir: string) {
    const root = mkdtempSync(path.join(os.tmpdir(), 'waveframe-releases-build-'));
    writeFileSync(
      path.join(root, 'entry.js'),
      "import posts from 'virtual:release-posts'; console.log(posts);\n",
    );
    return build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [releasePostsPlugin({ dir })],
      build: { write: false, lib: { entry: 'entry.js', formats: ['es'], fileName: 'entry' } },
    });
  }

  it('bundles the posts and emits releases.json', async () => {
    const dir = folderWith([
      post('older', { ...FIELDS, date: '2026-01-05' }),
      post('newer', { ...FIELDS, templates: 'slow-zoom' }),
    ]);
    const output = await buildWith(dir);
    const files = (Array.isArray(output) ? output[0]! : output) as {
      output: { fileName: string; type: string; source?: unknown; code?: string }[];
    };
    const index = files.output.find((file) => file.fileName === 'releases.json');
    expect(JSON.parse(String(index?.source))).toEqual([
      {
        id: 'newer',
        title: 'Rotating Vinyl',
        description: 'A record turning at 33 rpm.',
        date: '2026-11-24',
      },
      {
        id: 'older',
        title: 'Rotating Vinyl',
        description: 'A record turning at 33 rpm.',
        date: '2026-01-05',
      },
    ]);
    const chunk = files.output.find((file) => file.type === 'chunk');
    expect(chunk?.code).toContain('"slow-zoom"');
  });

  it('fails the build with the message naming the bad file', async () => {
    const dir = folderWith([post('bad', { ...FIELDS, date: 'soon' })]);
    await expect(buildWith(dir)).rejects.toThrow(
      `${path.join(dir, 'bad.md')}: "date" must be a real date`,
    );
  });
});
