// Web Worker that analyses a local audio file (analysis-api.ts) for the live preview.
import { expose } from 'comlink';
import { createAnalysisApi } from './analysis-api';

expose(createAnalysisApi());
