// Web Worker for the clip trimmer: exposes videoTrimApi to the page with comlink.
import { expose } from 'comlink';
import { videoTrimApi } from './video-trim-api';

expose(videoTrimApi);
