import { Anchor, Code, List } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Block } from './content/document';
import classes from './legal.module.css';

// [label](/path) becomes a link (in the app for a path, a new page for an address);
// `text` becomes code. Everything else stays plain text: no HTML is ever read from the texts.
const INLINE = /\[([^\]]+)\]\(([^)\s]+)\)|`([^`]+)`/g;

/** One line of the help texts with its links and code. */
export function InlineText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index;
    if (at > last) parts.push(text.slice(last, at));
    const [, label, href, code] = match;
    if (code !== undefined) parts.push(<Code key={at}>{code}</Code>);
    else if (href!.startsWith('/'))
      parts.push(
        <Anchor key={at} component={Link} to={href!} fw={600}>
          {label}
        </Anchor>,
      );
    else
      parts.push(
        <Anchor key={at} href={href!} target="_blank" rel="noreferrer" fw={600}>
          {label}
        </Anchor>,
      );
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/** Paragraphs, lists and numbered steps of a text, in reading typography. */
export function Blocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <div className={classes.prose}>
      {blocks.map((block, index) => {
        if (typeof block === 'string')
          return (
            <p key={index}>
              <InlineText text={block} />
            </p>
          );
        const items = 'list' in block ? block.list : block.steps;
        return (
          <List key={index} type={'steps' in block ? 'ordered' : 'unordered'}>
            {items.map((item) => (
              <List.Item key={item}>
                <InlineText text={item} />
              </List.Item>
            ))}
          </List>
        );
      })}
    </div>
  );
}
