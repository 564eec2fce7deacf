// The video library as the loop screens read it: the user's videos, fetched again every 5 s
// (spec 9: loop-extend and upload tasks are polled every 5 s) while a clip is processed, a loop
// is made or a clip is uploading; and one loop's task status, polled the same way.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoopExtensionTaskProgress, UserVideo } from '../../../core/media/video-types';
import { isApiError } from '../../api/api-error';
import { fetchLoopExtensionStatuses, fetchUserVideos } from '../../api/videos';
import { useOnline } from '../../lib/network';
import { useUploads } from '../library';

export const VIDEO_POLL_INTERVAL_MS = 5_000;

const isMoving = (video: UserVideo) =>
  video.processing_status === 'PROGRESSING' || video.task_status === 'PROGRESSING';

export interface VideosState {
  videos: UserVideo[] | null;
  failed: boolean;
  refreshing: boolean;
  refresh: () => Promise<void>;
}

export function useUserVideos(): VideosState {
  const online = useOnline();
  const uploads = useUploads('video');
  const uploading = uploads.rows.some(
    (row) => row.state !== 'done' && row.state !== 'failed' && row.state !== 'cancelled',
  );
  const [videos, setVideos] = useState<UserVideo[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      setVideos(await fetchUserVideos());
      setFailed(false);
    } catch (error) {
      if (!isApiError(error) || error.hasResponse) setFailed(true);
    } finally {
      setRefreshing(false);
    }
  }, []);
  // Fetches happen in timer callbacks, never during an effect's own run.
  useEffect(() => {
    if (!online) return undefined;
    const timer = window.setTimeout(() => void refresh(), 0);
    return () => window.clearTimeout(timer);
  }, [online, refresh]);
  const moving = uploading || (videos ?? []).some(isMoving);
  const doneUploads = uploads.rows.filter((row) => row.state === 'done').length;
  useEffect(() => {
    if (!online || doneUploads === 0) return undefined;
    const timer = window.setTimeout(() => void refresh(), 0);
    return () => window.clearTimeout(timer);
  }, [online, doneUploads, refresh]);
  useEffect(() => {
    if (!online || !moving) return undefined;
    const timer = window.setInterval(() => void refresh(), VIDEO_POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [online, moving, refresh]);
  return { videos, failed, refreshing, refresh };
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
