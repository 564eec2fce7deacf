import { Group, Paper, Text } from '@mantine/core';
import { Fragment } from 'react';
import { BRAILLE_BLANK } from '../../../core/text/instagram-spacer';
import classes from './tools.module.css';

/** The caption as it would show under a post; optionally highlights the invisible characters. */
export function CaptionPreview({ caption, showHidden }: { caption: string; showHidden: boolean }) {
  const parts = caption.split(BRAILLE_BLANK);
  return (
    <Paper withBorder radius="lg" className={classes.captionPhone} data-testid="caption-preview">
      <Group gap="sm" p="sm">
        <div className={classes.captionAvatar} aria-hidden />
        <Text size="sm" fw={700}>
          your.band
        </Text>
      </Group>
      <div className={classes.captionImage} aria-hidden />
      <Text component="div" p="sm" className={classes.caption} data-testid="caption-text">
        <Text span fw={700} fz="inherit">
          your.band{' '}
        </Text>
        {caption === ''
          ? ''
          : parts.map((part, index) => (
              <Fragment key={index}>
                {index > 0 &&
                  (showHidden ? (
                    <mark className={classes.hiddenMark} data-hidden-character>
                      {BRAILLE_BLANK}
                    </mark>
                  ) : (
                    BRAILLE_BLANK
                  ))}
                {part}
              </Fragment>
            ))}
      </Text>
    </Paper>
  );
}
