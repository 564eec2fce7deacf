import { Text } from '@mantine/core';
import classes from './legal.module.css';

/** A page's contents: one link per section, to its anchor. */
export function TableOfContents({
  entries,
}: {
  entries: ReadonlyArray<{ id: string; heading: string }>;
}) {
  return (
    <nav aria-labelledby="toc-heading" className={classes.toc}>
      <Text id="toc-heading" fw={700} size="sm" tt="uppercase" c="dimmed" mb="xs">
        Contents
      </Text>
      <ol>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`}>{entry.heading}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
