// What the rest of the app uses of features/lyrics-editor; its other files are its own (lint-enforced).
export { LyricsEditorScreen } from './LyricsEditorScreen';
export { LyricsTracksScreen } from './LyricsTracksScreen';
