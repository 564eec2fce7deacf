// Web Worker of the live previews: exposes the preview API (preview-api.ts) to the page.
import { expose } from 'comlink';
import { createPreviewApi } from './preview-api';

expose(createPreviewApi());
