// Which files the kit makes (all five at first) and the feed clip's shape.
import { Checkbox, SegmentedControl, Stack, Text } from '@mantine/core';
import { KIT_OUTPUTS, type FeedShape, type KitOutput } from '../../../core/render/release-kit';
import { FEED_SHAPE_TEXT, OUTPUT_TEXT } from './kit-words';

export function KitOutputsFields({
  outputs,
  onOutputs,
  feed,
  onFeed,
}: {
  outputs: readonly KitOutput[];
  onOutputs: (outputs: KitOutput[]) => void;
  feed: FeedShape;
  onFeed: (feed: FeedShape) => void;
}) {
  return (
    <Stack gap="md">
      <Checkbox.Group
        label="Files in the kit"
        description="Each becomes a video of your library with its own page, download and Publish."
        value={[...outputs]}
        // Kept in the kit's own order, whatever order they were ticked in.
        // The thumbnail is made with the full video: it goes when the full video does.
        onChange={(values) =>
          onOutputs(
            KIT_OUTPUTS.filter(
              (output) =>
                values.includes(output) && (output !== 'thumbnail' || values.includes('full')),
            ),
          )
        }
        error={outputs.length === 0 ? 'Choose at least one file.' : undefined}
      >
        <Stack gap="sm" mt="xs">
          {KIT_OUTPUTS.map((output) => (
            <Checkbox
              key={output}
              value={output}
              label={OUTPUT_TEXT[output].label}
              description={
                output === 'thumbnail' && !outputs.includes('full')
                  ? 'Made with the full video: choose the full video to have it.'
                  : OUTPUT_TEXT[output].note
              }
              disabled={output === 'thumbnail' && !outputs.includes('full')}
              data-testid={`kit-output-${output}`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="kit-feed-label">
          Feed clip shape
        </Text>
        <SegmentedControl
          value={feed}
          onChange={(value) => onFeed(value as FeedShape)}
          data={(['4:5', '1:1'] as const).map((shape) => ({
            value: shape,
            label: FEED_SHAPE_TEXT[shape].label,
          }))}
          disabled={!outputs.includes('feed')}
          aria-labelledby="kit-feed-label"
          data-testid="kit-feed-shape"
          fullWidth
        />
        <Text size="xs" c="dimmed">
          {outputs.includes('feed')
            ? `The feed clip: ${FEED_SHAPE_TEXT[feed].size}, the hook's seconds with sound.`
            : 'Tick the feed hook to choose its shape.'}
        </Text>
      </Stack>
    </Stack>
  );
}
