// Screens made of more than one feature, loaded as one chunk like a feature's screens.
import { AudioDetailScreen } from '../features/library';
import { TrackVideos } from '../features/renders';
import { ToolsIndexScreen } from '../features/tools';
import { ROUTE_TABLE } from './route-table';
import type { ScreenText } from './screen-text';

const TOOL_CARDS = ROUTE_TABLE.filter((entry) => entry.path.startsWith('/tools/')).map((entry) => ({
  path: entry.path,
  title: entry.title,
  description: entry.description,
}));

export function ToolsIndex(props: ScreenText) {
  return <ToolsIndexScreen {...props} tools={TOOL_CARDS} />;
}

/** A track's page, with the videos made from it (features/renders) under its details. */
export function TrackScreen(props: ScreenText) {
  return (
    <AudioDetailScreen {...props} videos={(audioUuid) => <TrackVideos audioUuid={audioUuid} />} />
  );
}
