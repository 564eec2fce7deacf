// The publish form of /media/upload/{targetId}: channel, title, description, tags, visibility,
// schedule, category, audience, thumbnail and the lyrics the video shows, checked by core's rules as the user types (each
// field's problem shows once it was changed, or all of them on Publish), then sent with the
// upload-video-yt call of the video's kind.
import { Avatar, Checkbox, Group, Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { IconBrandYoutube } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  DESCRIPTION_MAX_BYTES,
  parseTags,
  PRIVACY_LEVELS,
  tagsLength,
  TAGS_MAX_CHARS,
  TITLE_MAX_CHARS,
  YOUTUBE_CATEGORIES,
  type Privacy,
} from '../../../core/publishing/upload-config';
import { publishToYoutube, type LinkedChannel, type PublishTarget } from '../../api/publishing';
import { ProblemAlert } from './ProblemAlert';
import { PUBLISHING_MESSAGES } from './publishing-messages';
import { refreshSavedUploads } from './channel-data';
import { CONNECTED_ACCOUNTS_PATH, publishPath, publishProgressPath } from './publishing-paths';
import { CONFIG_FIELDS, fieldProblemsOf, messageOf } from './server-answers';
import { SubmitWhenOnline } from './SubmitWhenOnline';
import { ThumbnailField } from './ThumbnailField';
import { startConsent } from './consent';
import { LyricsField } from './LyricsField';
import {
  formProblems,
  initialFormState,
  keepDraft,
  localInputValue,
  takeDraft,
  uploadConfigOf,
  type FormField,
  type FormProblems,
  type UploadFormState,
} from './upload-form-state';

const PRIVACY_TEXT: Record<Privacy, { label: string; description: string }> = {
  private: { label: 'Private', description: 'Only you and the people you choose' },
  unlisted: { label: 'Unlisted', description: 'Anyone with the link' },
  public: { label: 'Public', description: 'Everyone on YouTube' },
};

const CATEGORY_OPTIONS = YOUTUBE_CATEGORIES.map((category) => ({
  value: category.id,
  label: category.label,
}));

/** The order problems are met in, to move focus to the first one on Publish. */
const FIELD_ORDER: readonly FormField[] = ['channel', ...CONFIG_FIELDS];

/** One field of the form, found by name to move focus to its first problem. */
function Field({ name, children }: { name: FormField; children: ReactNode }) {
  return <div data-field={name}>{children}</div>;
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

function timeZoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'your time zone';
  } catch {
    return 'your time zone';
  }
}

export function UploadForm({
  target,
  channels,
}: {
  target: PublishTarget;
  channels: readonly LinkedChannel[];
}) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  // A form kept while the user allowed captions at Google comes back as it was.
  const [form, setForm] = useState<UploadFormState>(
    () => takeDraft(target.uuid) ?? initialFormState(target, channels),
  );
  const [asking, setAsking] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<FormField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverProblems, setServerProblems] = useState<FormProblems>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The clock the schedule is checked against moves on at each change (core reads no clock).
  const [now, setNow] = useState(() => new Date());

  const problems = useMemo(() => formProblems(form, now), [form, now]);
  const shown = (field: FormField): string | undefined =>
    serverProblems[field] ?? (submitted || touched.has(field) ? problems[field] : undefined);

  function change<K extends keyof UploadFormState>(
    key: K,
    value: UploadFormState[K],
    /** The field whose problem shows from now on; null to wait for its own input. */
    field: FormField | null,
  ) {
    setForm((current) => ({ ...current, [key]: value }));
    setNow(new Date());
    if (!field) return;
    setTouched((current) => new Set(current).add(field));
    setServerProblems((current) => {
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const at = new Date();
    setNow(at);
    setSubmitted(true);
    setFormError(null);
    const found = formProblems(form, at);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first && needsCaptionsPermission) {
      formRef.current
        ?.querySelector<HTMLElement>('[data-testid="captions-permission"] button')
        ?.focus();
      return;
    }
    if (first || !form.channelId) {
      formRef.current
        ?.querySelector<HTMLElement>(`[data-field="${first ?? 'channel'}"] :is(input, textarea)`)
        ?.focus();
      return;
    }
    setSending(true);
    try {
      const answer = await publishToYoutube(target, form.channelId, uploadConfigOf(form));
      void refreshSavedUploads();
      await navigate({ to: publishProgressPath(answer.entry_uuid) });
    } catch (error) {
      const byField: FormProblems = fieldProblemsOf(error);
      const message = messageOf(error, PUBLISHING_MESSAGES.publishFailedFallback);
      // The server checks with the same rules and answers the first problem's words: put them
      // under their field (a publish time that passed while the form was open, say).
      const again = formProblems(form, new Date());
      const field = FIELD_ORDER.find((name) => again[name] === message);
      if (field) byField[field] = message;
      setServerProblems(byField);
      setFormError(Object.keys(byField).length > 0 ? null : message);
      setSending(false);
    }
  }

  const titleLength = form.title.trim().length;
  const descriptionBytes = utf8Length(form.description);
  const tagChars = tagsLength(parseTags(form.tagsText));
  const channelOptions = channels.map((channel) => ({
    value: channel.channel_id,
    label: channel.channel_title,
  }));
  const chosenChannel = channels.find((channel) => channel.channel_id === form.channelId);
  const needsCaptionsPermission =
    target.lyrics !== null && form.captions && chosenChannel?.can_add_captions === false;

  async function allowCaptions() {
    if (!chosenChannel) return;
    setAsking(true);
    setFormError(null);
    try {
      keepDraft(target.uuid, form);
      await startConsent(
        'captions',
        CONNECTED_ACCOUNTS_PATH,
        chosenChannel.channel_id,
        publishPath(target.uuid),
      );
    } catch (error) {
      takeDraft(target.uuid);
      setFormError(messageOf(error));
      setAsking(false);
    }
  }

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void submit(event)}
      aria-label="Publish to YouTube"
      noValidate
    >
      <Stack gap="lg">
        <Field name="channel">
          <Select
            label="Channel"
            description="The YouTube channel the video goes to."
            data={channelOptions}
            value={form.channelId}
            onChange={(value) => change('channelId', value, 'channel')}
            allowDeselect={false}
            required
            leftSection={
              chosenChannel ? (
                <Avatar src={chosenChannel.picture_url} alt="" size={22} radius="xl" color="red">
                  {chosenChannel.channel_title.slice(0, 1).toUpperCase()}
                </Avatar>
              ) : undefined
            }
            error={shown('channel')}
          />
        </Field>

        <Field name="title">
          <TextInput
            label="Title"
            description={`${titleLength}/${TITLE_MAX_CHARS} characters`}
            value={form.title}
            onChange={(event) => change('title', event.currentTarget.value, 'title')}
            required
            error={shown('title')}
          />
        </Field>

        <Field name="description">
          <Textarea
            label="Description"
            description={`${descriptionBytes}/${DESCRIPTION_MAX_BYTES} bytes`}
            value={form.description}
            onChange={(event) => change('description', event.currentTarget.value, 'description')}
            rows={6}
            resize="vertical"
            error={shown('description')}
          />
        </Field>

        <Field name="tags">
          <TextInput
            label="Tags"
            description={`Separate tags with commas · ${tagChars}/${TAGS_MAX_CHARS} characters`}
            placeholder="synthwave, music visualizer, new release"
            value={form.tagsText}
            onChange={(event) => change('tagsText', event.currentTarget.value, 'tags')}
            error={shown('tags')}
          />
        </Field>

        <Field name="privacy">
          <Radio.Group
            label="Visibility"
            value={form.privacy}
            onChange={(value) => change('privacy', value as Privacy, 'privacy')}
            error={shown('privacy')}
          >
            <Group gap="lg" mt="xs">
              {PRIVACY_LEVELS.map((level) => (
                <Radio
                  key={level}
                  value={level}
                  label={PRIVACY_TEXT[level].label}
                  description={PRIVACY_TEXT[level].description}
                />
              ))}
            </Group>
          </Radio.Group>
        </Field>

        <Stack gap="xs">
          <Checkbox
            label="Schedule when it goes public"
            description="A scheduled video stays private until its publish time, then YouTube makes it public: scheduling needs Private."
            checked={form.schedule}
            onChange={(event) => {
              const schedule = event.currentTarget.checked;
              change('schedule', schedule, null);
              // YouTube's rule: only a private video can be scheduled.
              if (schedule) setForm((current) => ({ ...current, privacy: 'private' }));
            }}
          />
          {form.schedule && (
            <Field name="publish_at">
              <TextInput
                type="datetime-local"
                label="Publish time"
                description={`In ${timeZoneName()}.`}
                min={localInputValue(now)}
                value={form.publishAtLocal}
                onChange={(event) =>
                  change('publishAtLocal', event.currentTarget.value, 'publish_at')
                }
                maw={280}
                error={shown('publish_at')}
              />
            </Field>
          )}
        </Stack>

        <Field name="category_id">
          <Select
            label="Category"
            data={CATEGORY_OPTIONS}
            value={form.categoryId}
            onChange={(value) => value && change('categoryId', value, 'category_id')}
            allowDeselect={false}
            maw={320}
            error={shown('category_id')}
          />
        </Field>

        <Field name="made_for_kids">
          <Radio.Group
            label="Audience"
            description="YouTube requires you to say whether your video is made for kids."
            value={form.madeForKids ? 'yes' : 'no'}
            onChange={(value) => change('madeForKids', value === 'yes', 'made_for_kids')}
            error={shown('made_for_kids')}
            required
          >
            <Stack gap="xs" mt="xs">
              <Radio value="yes" label="Yes, it's made for kids" />
              <Radio value="no" label="No, it's not made for kids" />
            </Stack>
          </Radio.Group>
        </Field>

        <Field name="thumbnail">
          <ThumbnailField
            source={form.thumbnailSource}
            image={form.thumbnailImage}
            error={shown('thumbnail')}
            onSourceChange={(source) => change('thumbnailSource', source, 'thumbnail')}
            onImageChange={(image) => change('thumbnailImage', image, 'thumbnail')}
          />
        </Field>

        {target.lyrics && (
          <Field name="lyrics">
            <LyricsField
              lyrics={target.lyrics}
              channel={chosenChannel}
              captions={form.captions}
              language={form.captionsLanguage}
              inDescription={form.lyricsInDescription}
              error={shown('lyrics')}
              asking={asking}
              onCaptionsChange={(on) => change('captions', on, 'lyrics')}
              onLanguageChange={(code) => change('captionsLanguage', code, 'lyrics')}
              onInDescriptionChange={(on) => change('lyricsInDescription', on, 'lyrics')}
              onAllowCaptions={() => void allowCaptions()}
            />
          </Field>
        )}

        {formError && <ProblemAlert title="The video was not sent">{formError}</ProblemAlert>}

        <SubmitWhenOnline sending={sending} icon={<IconBrandYoutube size={20} aria-hidden />}>
          Publish to YouTube
        </SubmitWhenOnline>
      </Stack>
    </form>
  );
}
