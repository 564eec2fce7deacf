// The upload side of a single-frame video (spec 4: UPLOADING, then UPLOAD COMPLETE or UPLOAD
// FAILED; NO UPLOAD before any), on its page: the status, its newest upload followed while it
// runs, and the ways to that upload and to the video on YouTube.
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { StaticUploadStatus as UploadSide } from '../../../core/render/api-types';
import type { UploadEntry, YtUploadTaskStatus } from '../../api/publishing';
import { useLatestUploadOf } from './channel-data';
import { publishProgressPath } from './publishing-paths';
import { UploadFailureReason, UploadProgressBar, WatchOnYouTubeLink } from './UploadEntryParts';
import { uploadPercent } from './upload-words';
import { useUploadStatuses } from './use-upload-statuses';

const SIDE_OF: Record<YtUploadTaskStatus, UploadSide> = {
  PENDING: 'UPLOADING',
  SUCCESS: 'UPLOAD COMPLETE',
  FAILED: 'UPLOAD FAILED',
  NotFound: 'NO UPLOAD',
};

const COLOR: Record<UploadSide, string> = {
  UPLOADING: 'blue',
  'UPLOAD COMPLETE': 'teal',
  'UPLOAD FAILED': 'red',
  'NO UPLOAD': 'gray',
};

export function StaticUploadStatus({
  videoUuid,
  uploadStatus,
  ytUpload: saved,
}: {
  videoUuid: string;
  /** As the server last said; unknown (undefined) shows as NO UPLOAD. */
  uploadStatus: UploadSide | undefined;
  /** The newest upload as last listed (a status answer says only uploadStatus). */
  ytUpload: UploadEntry | null | undefined;
}) {
  // The listed upload is the one the status speaks of, unless the video was published (or its
  // upload ended) since the list was fetched: then its newest upload is looked up.
  const savedFits =
    !!saved && (uploadStatus === undefined || SIDE_OF[saved.yt_upload_status] === uploadStatus);
  const lookUp = uploadStatus !== undefined && uploadStatus !== 'NO UPLOAD' && !savedFits;
  const latest = useLatestUploadOf(lookUp ? videoUuid : null);
  const ytUpload =
    uploadStatus === 'NO UPLOAD' ? null : savedFits ? saved : lookUp ? latest.data : null;
  const following = ytUpload?.yt_upload_status === 'PENDING' ? [ytUpload.entry_uuid] : [];
  const { items } = useUploadStatuses(following);
  const live = ytUpload ? items.get(ytUpload.entry_uuid) : undefined;
  const entry = live?.entry ?? ytUpload ?? null;
  const side: UploadSide = live
    ? SIDE_OF[live.yt_upload_status]
    : (uploadStatus ?? (ytUpload ? SIDE_OF[ytUpload.yt_upload_status] : 'NO UPLOAD'));

  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" data-testid="static-upload-status">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg">
            YouTube
          </Title>
          <Badge color={COLOR[side]} variant="light" radius="sm" data-upload-status={side}>
            {side}
          </Badge>
        </Group>
        {side === 'NO UPLOAD' && (
          <Text size="sm" c="dimmed">
            This video has not been published to YouTube.
          </Text>
        )}
        {entry && side === 'UPLOADING' && (
          <UploadProgressBar
            percent={uploadPercent(entry)}
            label={`${uploadPercent(entry)}% sent to YouTube`}
            caption={`${uploadPercent(entry)}% sent to ${entry.channel_title}`}
          />
        )}
        {entry && side === 'UPLOAD FAILED' && entry.reason && (
          <UploadFailureReason reason={entry.reason} />
        )}
        {entry && (
          <Group gap="lg">
            <Anchor component={Link} to={publishProgressPath(entry.entry_uuid)} size="sm" fw={600}>
              See the upload
            </Anchor>
            {entry.youtube_url && <WatchOnYouTubeLink url={entry.youtube_url} />}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
