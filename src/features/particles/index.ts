// What the rest of the app uses of features/particles; its other files are its own (lint-enforced).
export { ParticleCreatorScreen } from './ParticleCreatorScreen';
export { ParticleEditorScreen } from './ParticleEditorScreen';
