// Web Worker for the free tools: exposes toolsApi to the page with comlink.
import { expose } from 'comlink';
import { toolsApi } from './tools-api';

expose(toolsApi);
