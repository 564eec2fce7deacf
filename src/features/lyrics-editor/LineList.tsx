// The lines as a list: number, start and text, each section's label ("Chorus") above its first
// line; a click selects a line (the arrows then move it), and the selected line has its own nudge
// buttons for touch screens.
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { memo } from 'react';
import type { LyricLine } from '../../../core/lyrics/lyrics';
import classes from './lyrics-editor.module.css';
import { NUDGE_SECONDS } from './line-timing';
import { formatSeconds } from './lyrics-words';

export const LineList = memo(function LineList({
  lines,
  selected,
  current,
  next,
  onSelect,
  onNudge,
}: {
  lines: readonly LyricLine[];
  selected: number | null;
  /** The line playing now. */
  current: number | null;
  /** The line the next tap times. */
  next: number | null;
  onSelect: (index: number) => void;
  onNudge: (index: number, by: number) => void;
}) {
  return (
    <div role="list" aria-label="Lines" data-testid="lyrics-lines">
      {lines.map((line, index) => {
        const isSelected = index === selected;
        return (
          <div
            key={index}
            role="listitem"
            className={classes.lineRow}
            data-testid="lyrics-line"
            data-index={index}
            data-start={line.startSeconds ?? ''}
            data-words={line.words?.length ?? 0}
            data-selected={isSelected || undefined}
            data-current={index === current || undefined}
            data-next={index === next || undefined}
            data-section-start={
              (index > 0 && line.section !== lines[index - 1]!.section) || undefined
            }
            aria-current={index === current ? 'true' : undefined}
            onClick={() => onSelect(index)}
          >
            {line.sectionLabel && (
              <Text
                size="xs"
                fw={700}
                c="dimmed"
                tt="uppercase"
                className={classes.sectionLabel}
                data-testid="lyrics-section-label"
              >
                {line.sectionLabel}
              </Text>
            )}
            <Text size="xs" c="dimmed" ta="right">
              {index + 1}
            </Text>
            <span className={classes.lineTime}>
              {line.startSeconds === null ? (
                <Text span size="sm" c="dimmed">
                  {index === next ? 'tap next' : '—'}
                </Text>
              ) : (
                formatSeconds(line.startSeconds)
              )}
            </span>
            <button
              type="button"
              className={classes.lineText}
              style={{ all: 'unset', cursor: 'pointer', minWidth: 0, overflowWrap: 'anywhere' }}
              aria-pressed={isSelected}
              aria-label={`Line ${index + 1}: ${line.text}${line.startSeconds === null ? ', not timed' : `, at ${formatSeconds(line.startSeconds)}`}`}
            >
              {line.text}
            </button>
            {isSelected && line.startSeconds !== null ? (
              <Group gap={4} className={classes.lineNudge} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Line ${index + 1} 50 ms earlier`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onNudge(index, -NUDGE_SECONDS);
                  }}
                >
                  <IconChevronLeft size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Line ${index + 1} 50 ms later`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onNudge(index, NUDGE_SECONDS);
                  }}
                >
                  <IconChevronRight size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ) : (
              <span className={classes.lineNudge} />
            )}
          </div>
        );
      })}
    </div>
  );
});
