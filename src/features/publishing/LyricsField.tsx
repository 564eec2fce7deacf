// The publish form's lyrics (issue 27), shown for a video that shows timed lyrics: a caption
// track on YouTube in the language chosen, and the lyrics after the description. Adding captions
// needs a permission YouTube asks for once; until the channel has it, the field says so and
// offers to ask (the form is kept for the return).
import { Alert, Button, Checkbox, Input, Select, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { LYRICS_LANGUAGES } from '../../../core/lyrics/languages';
import type { LinkedChannel, PublishTarget } from '../../api/publishing';
import { PUBLISHING_MESSAGES } from './publishing-messages';

export function LyricsField({
  lyrics,
  channel,
  captions,
  language,
  inDescription,
  error,
  asking,
  onCaptionsChange,
  onLanguageChange,
  onInDescriptionChange,
  onAllowCaptions,
}: {
  lyrics: NonNullable<PublishTarget['lyrics']>;
  channel: LinkedChannel | undefined;
  captions: boolean;
  language: string;
  inDescription: boolean;
  error: string | undefined;
  asking: boolean;
  onCaptionsChange: (on: boolean) => void;
  onLanguageChange: (code: string) => void;
  onInDescriptionChange: (on: boolean) => void;
  onAllowCaptions: () => void;
}) {
  // The track's own language first when the list lacks it (a tag typed in the lyrics editor).
  const languages = LYRICS_LANGUAGES.some((l) => l.code === language)
    ? LYRICS_LANGUAGES
    : [{ code: language, label: language }, ...LYRICS_LANGUAGES];
  const needsPermission = captions && channel !== undefined && !channel.can_add_captions;
  return (
    <Stack gap="xs" role="group" aria-labelledby="publish-lyrics-label">
      <div>
        <Input.Label labelElement="div" id="publish-lyrics-label">
          Lyrics
        </Input.Label>
        <Input.Description>
          The video shows {lyrics.lines} timed {lyrics.lines === 1 ? 'line' : 'lines'} of lyrics.
        </Input.Description>
      </div>
      <Checkbox
        label="Add them as captions on YouTube"
        description="Viewers can turn them on, and YouTube can find the video by its words."
        checked={captions}
        onChange={(event) => onCaptionsChange(event.currentTarget.checked)}
      />
      {captions && (
        <Select
          label="Language of the lyrics"
          data={languages.map((l) => ({ value: l.code, label: l.label }))}
          value={language}
          onChange={(value) => value && onLanguageChange(value)}
          allowDeselect={false}
          searchable
          maw={320}
          pl={30}
          error={error}
        />
      )}
      {needsPermission && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconShieldCheck size={18} aria-hidden />}
          data-testid="captions-permission"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{PUBLISHING_MESSAGES.captionsNotAllowed(channel.channel_title)}</Text>
            <Button size="compact-sm" variant="light" loading={asking} onClick={onAllowCaptions}>
              Allow captions
            </Button>
          </Stack>
        </Alert>
      )}
      <Checkbox
        label="Put the lyrics after the description"
        checked={inDescription}
        onChange={(event) => onInDescriptionChange(event.currentTarget.checked)}
      />
    </Stack>
  );
}
