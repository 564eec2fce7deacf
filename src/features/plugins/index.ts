// What the rest of the app uses of features/plugins; its other files are its own (lint-enforced).
export { AudioPluginsScreen } from './AudioPluginsScreen';
export { GanymedeScreen } from './GanymedeScreen';
export { MyPluginsScreen } from './MyPluginsScreen';
export {
  DOWNLOADS_NEED_CONNECTION,
  GANYMEDE,
  NO_PLUGINS_TEXT,
  NO_PLUGINS_TITLE,
  SHOWN_FROM_LAST_VISIT,
} from './plugin-content';
