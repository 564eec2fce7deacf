// The video library as the loop screens read it: the user's clips and loops as this device last
// saw them (a saved answer, so the screens open offline), fetched again by the rule every saved
// list follows, and every 5 s (spec 9: loop-extend and upload tasks are polled every 5 s) while a
// clip is processed, a loop is made or a clip is uploading; and one loop's task status, polled
// the same way.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoopExtensionTaskProgress, UserVideo } from '../../../core/media/video-types';
import { isApiError } from '../../api/api-error';
import { fetchLoopExtensionStatuses, fetchUserVideos } from '../../api/videos';
import type { ListStatus } from '../../lib/list-refresh';
import { useOnline } from '../../lib/network';
import { SavedAnswer, useSavedAnswer } from '../../lib/saved-answer';
import { useUploads } from '../library';
import { useSession } from '../session';

export const VIDEO_POLL_INTERVAL_MS = 5_000;

const savedVideos = new SavedAnswer('videos', fetchUserVideos);

const isMoving = (video: UserVideo) =>
  video.processing_status === 'PROGRESSING' || video.task_status === 'PROGRESSING';

/** Puts a video the server answered with (a new loop, a changed one) into the saved list. */
export function rememberVideo(video: UserVideo): Promise<void> {
  return savedVideos.change((videos) => {
    const known = videos.some((v) => v.video_uuid === video.video_uuid);
    return known
      ? videos.map((v) => (v.video_uuid === video.video_uuid ? video : v))
      : [video, ...videos];
  });
}

/** Takes a deleted video out of the saved list. */
export function forgetVideo(videoUuid: string): Promise<void> {
  return savedVideos.change((videos) => videos.filter((v) => v.video_uuid !== videoUuid));
}

export interface VideosState {
  /** The saved list; null when this device holds none (yet). */
  videos: UserVideo[] | null;
  /** False until the device's storage has answered. */
  loaded: boolean;
  /** When the saved list was fetched from the server. */
  fetchedAt: number | null;
  status: ListStatus;
  /** Fetches the list now. */
  refresh: () => Promise<void>;
}

const refreshNow = () => savedVideos.refresh({ force: true });

/** The saved list, fetched by the rule every saved list follows. */
function useSavedVideos(): VideosState & { userUuid: string | null } {
  const session = useSession();
  const userUuid = session.status === 'signed-in' ? (session.user?.user_uuid ?? null) : null;
  const saved = useSavedAnswer(savedVideos, userUuid);
  return {
    videos: saved.value,
    loaded: saved.loaded,
    fetchedAt: saved.fetchedAt,
    status: saved.status,
    refresh: refreshNow,
    userUuid,
  };
}

/** One video as last saved on this device, without asking the server about it. */
export function useSavedVideo(videoId: string): UserVideo | null {
  const id = videoId.toLowerCase();
  return useSavedVideos().videos?.find((v) => v.video_uuid === id) ?? null;
}

/** The saved list, also polled while something in it (or an upload) is under way. */
export function useUserVideos(): VideosState {
  const online = useOnline();
  const { userUuid, ...saved } = useSavedVideos();
  const uploads = useUploads('video');
  const uploading = uploads.rows.some(
    (row) => row.state !== 'done' && row.state !== 'failed' && row.state !== 'cancelled',
  );
  const moving = uploading || (saved.videos ?? []).some(isMoving);
  const doneUploads = uploads.rows.filter((row) => row.state === 'done').length;
  useEffect(() => {
    if (!online || !userUuid || doneUploads === 0) return;
    void refreshNow();
  }, [online, userUuid, doneUploads]);
  useEffect(() => {
    if (!online || !userUuid || !moving) return undefined;
    const timer = window.setInterval(() => void refreshNow(), VIDEO_POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [online, userUuid, moving]);
  return saved;
}

export interface VideoState {
  video: UserVideo | null;
  /** Not in the list the server answered after this page asked for it. */
  missing: boolean;
}

/**
 * One video of the saved list. One this device has not seen (made on another device) makes the
 * list be fetched once more before it is called missing.
 */
export function useUserVideo(videoId: string): VideoState & { list: VideosState } {
  const online = useOnline();
  const list = useUserVideos();
  const id = videoId.toLowerCase();
  const video = list.videos?.find((v) => v.video_uuid === id) ?? null;
  const asked = useRef<string | null>(null);
  const [checked, setChecked] = useState<string | null>(null);
  const found = video !== null;
  useEffect(() => {
    if (!online || !list.loaded || found || asked.current === id) return;
    asked.current = id;
    void refreshNow().finally(() => setChecked(id));
  }, [online, list.loaded, found, id]);
  return { video, missing: !video && checked === id && !list.status.failed, list };
}

/** One loop extension's task, polled every 5 s until SUCCESS, FAILED or NotFound. */
export function useLoopTask(videoId: string) {
  const online = useOnline();
  const [task, setTask] = useState<LoopExtensionTaskProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const finished = useRef(false);
  const poll = useCallback(async () => {
    try {
      const [answer] = await fetchLoopExtensionStatuses([videoId]);
      if (!answer) return;
      setTask(answer);
      setProblem(null);
      finished.current = answer.status !== 'PROGRESSING';
      if (answer.video) await rememberVideo(answer.video);
      else if (answer.status === 'NotFound') await forgetVideo(videoId.toLowerCase());
    } catch (error) {
      if (isApiError(error) && error.hasResponse)
        setProblem('The progress could not be fetched. Trying again…');
    }
  }, [videoId]);
  useEffect(() => {
    if (!online) return undefined;
    finished.current = false;
    const first = window.setTimeout(() => void poll(), 0);
    const timer = window.setInterval(() => {
      if (!finished.current) void poll();
    }, VIDEO_POLL_INTERVAL_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [online, poll]);
  return { task, problem, online };
}
