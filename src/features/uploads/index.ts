// What the rest of the app uses of features/uploads; its other files are its own (lint-enforced).
export { UploadButton } from './UploadButton';
export { UploadDropzone } from './UploadDropzone';
export { UploadQueueList } from './UploadQueueList';
export { readAudioDuration } from './audio-duration';
export { uploadRowsFor } from './queue-files';
export { UploadQueue } from './upload-queue';
export { withProcessingOutcome } from './upload-machine';
export { useUploadQueue } from './use-upload-queue';
