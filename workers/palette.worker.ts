// Web Worker for the image colour picker: exposes paletteApi to the page with comlink.
import { expose } from 'comlink';
import { paletteApi } from './palette-api';

expose(paletteApi);
