// What the rest of the app uses of features/tools; its other files are its own (lint-enforced).
export { HertzToolScreen } from './HertzToolScreen';
export { ImageColorPickerScreen } from './ImageColorPickerScreen';
export { InstagramSpacerScreen } from './InstagramSpacerScreen';
export { RgbColorCreatorScreen } from './RgbColorCreatorScreen';
export { TempoToolScreen } from './TempoToolScreen';
export { ToolsIndexScreen } from './ToolsIndexScreen';
