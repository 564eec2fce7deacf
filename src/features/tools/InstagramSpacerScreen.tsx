import {
  Alert,
  Card,
  Grid,
  Group,
  Progress,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import {
  captionCharactersLeft,
  captionLength,
  INSTAGRAM_CAPTION_LIMIT,
  spaceForInstagram,
} from '../../../core/text/instagram-spacer';
import { CaptionPreview } from './CaptionPreview';
import { CopyTextButton } from '../../ui/CopyTextButton';
import { ToolScreenLayout } from './ToolScreenLayout';

const SAMPLE = `New single "Night Drive" out Friday 🌙

Written in one night,
  recorded in three days.

Pre-save: link in bio`;

const numberFormat = new Intl.NumberFormat('en');

/** /tools/instagram-line-breaks-text-spacer: caption text whose blank lines survive Instagram. */
export function InstagramSpacerScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const [text, setText] = useState(SAMPLE);
  const [showHidden, setShowHidden] = useState(false);
  const caption = spaceForInstagram(text);
  const length = captionLength(caption);
  const left = captionCharactersLeft(caption);
  const over = left < 0;

  return (
    <ToolScreenLayout title={title} description={description}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="lg" padding="lg" shadow="xs">
            <Stack gap="md">
              <Textarea
                label="Your caption"
                description="Write or paste it with the blank lines and indents you want"
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                autosize
                minRows={7}
                maxRows={18}
              />
              <Textarea
                label="Ready for Instagram"
                description="The same text with each blank line and indent held by an invisible character"
                value={caption}
                readOnly
                autosize
                minRows={4}
                maxRows={18}
                data-testid="converted-caption"
              />
              <Group justify="space-between" align="center">
                <CopyTextButton
                  text={caption}
                  label="Copy caption"
                  confirmation={`Copied the caption (${numberFormat.format(length)} characters)`}
                  size="md"
                />
                <Text
                  size="sm"
                  fw={600}
                  c={over ? 'red' : 'dimmed'}
                  data-testid="caption-count"
                  aria-live="polite"
                >
                  {numberFormat.format(length)} / {numberFormat.format(INSTAGRAM_CAPTION_LIMIT)}{' '}
                  characters
                </Text>
              </Group>
              <Progress
                value={Math.min(100, (length / INSTAGRAM_CAPTION_LIMIT) * 100)}
                color={over ? 'red' : length > INSTAGRAM_CAPTION_LIMIT * 0.9 ? 'orange' : 'teal'}
                size="sm"
                aria-label="Caption length against Instagram's limit"
              />
              {over && (
                <Alert
                  color="red"
                  icon={<IconAlertTriangle size={18} aria-hidden />}
                  title="Too long for Instagram"
                  data-testid="caption-over-limit"
                  role="alert"
                >
                  {numberFormat.format(-left)} characters over Instagram&apos;s 2,200-character
                  limit, counting the invisible characters: Instagram will not post it. Shorten the
                  caption or remove some blank lines.
                </Alert>
              )}
              <Text size="sm" c="dimmed">
                Instagram removes spaces at the start and end of each line and squeezes blank lines
                together. This tool puts one U+2800 Braille Pattern Blank on each blank line and in
                place of each leading space: it shows nothing, yet is not a space, so Instagram
                keeps it. Spaces at the ends of lines are dropped, since they can make Instagram
                lose the line break.
              </Text>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="lg" padding="lg" shadow="xs">
            <Title order={2} fz="md" mb="sm">
              Preview
            </Title>
            <Switch
              label="Mark the invisible characters"
              checked={showHidden}
              onChange={(event) => setShowHidden(event.currentTarget.checked)}
              mb="md"
            />
            <CaptionPreview caption={caption} showHidden={showHidden} />
          </Card>
        </Grid.Col>
      </Grid>
    </ToolScreenLayout>
  );
}
