// The README and docs/ link to each other: every relative link must reach a file that exists,
// and every #anchor a heading of that file (as GitHub names headings), so a renamed file or
// section cannot leave a dead link behind. Links to other sites are not fetched.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const documents = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (outside fenced code). */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (heading) anchors.add(headingAnchor(heading[1]!));
  }
  return anchors;
}

/** Every Markdown link and image target outside fenced and inline code. */
function linksOf(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

function deadLinks(document: string): string[] {
  const text = readFileSync(path.join(root, document), 'utf8');
  const dead: string[] = [];
  for (const link of linksOf(text)) {
    if (/^[a-z]+:/i.test(link)) continue; // https:, mailto:
    const [file = '', anchor] = link.split('#');
    const target = file ? path.join(path.dirname(path.join(root, document)), file) : '';
    if (file && !existsSync(target)) {
      dead.push(`${link} (no file ${path.relative(root, target)})`);
      continue;
    }
    if (anchor === undefined) continue;
    const targetText = file ? readFileSync(target, 'utf8') : text;
    if (!anchorsOf(targetText).has(anchor)) dead.push(`${link} (no such heading)`);
  }
  return dead;
}

describe('links in the README and docs/', () => {
  test('GitHub names headings as the links expect', () => {
    expect(headingAnchor('The topology, tested and measured')).toBe(
      'the-topology-tested-and-measured',
    );
    expect(headingAnchor('4K and 60 fps')).toBe('4k-and-60-fps');
    expect(headingAnchor('Decisions where the spec says "not shown"')).toBe(
      'decisions-where-the-spec-says-not-shown',
    );
  });

  test('a dead link is found', () => {
    const anchors = anchorsOf('# Title\n\n## Stopping a worker\n```\n# not a heading\n```\n');
    expect([...anchors]).toEqual(['title', 'stopping-a-worker']);
    expect(linksOf('[a](x.md) `[b](y.md)` ![c](d.png)')).toEqual(['x.md', 'd.png']);
  });

  test.each(documents)('%s: every relative link reaches a file and a heading', (document) => {
    expect(deadLinks(document)).toEqual([]);
  });
});
