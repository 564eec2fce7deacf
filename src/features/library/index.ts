// What the rest of the app uses of features/library; its other files are its own (lint-enforced).
export { AudioDetailScreen } from './AudioDetailScreen';
export { AudioScreen } from './AudioScreen';
export { ImagesScreen } from './ImagesScreen';
export { LibraryLayout } from './LibraryLayout';
export { RecentItemCard, type RecentItem } from './RecentItemCard';
export { artworkSource, useReadyImages } from './TrackArtwork';
export { TrackNotFound } from './TrackNotFound';
export { useFrameTime } from './use-frame-time';
export { Waveform } from './Waveform';
export type { LibraryCache } from './library-cache';
export {
  useFetchedAudios,
  useFetchedImages,
  useLibraryAudio,
  useLibraryAudios,
  useLibraryCanLoad,
  useLibraryImages,
  useSyncStatus,
} from './library-queries';
export { ListNotFetched } from './ListNotFetched';
export { useAnalysis, type AnalysisLoad } from './use-analysis';
export { libraryServices, startLibraryServices, useLibraryServices } from './library-services';
export { useUploads } from './use-uploads';
