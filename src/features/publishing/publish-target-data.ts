import { fetchPublishTarget, type PublishTarget } from '../../api/publishing';
import { useServerData, type ServerData } from './use-server-data';

const loadTarget = (targetId: string) => fetchPublishTarget(targetId);

/** What /media/upload/{targetId} publishes. */
export const usePublishTarget = (targetId: string): ServerData<PublishTarget> =>
  useServerData(loadTarget, targetId);
