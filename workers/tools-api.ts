// The free tools' arithmetic, as the tools worker exposes it over comlink.
import {
  durationBreakdown,
  hertzToMs,
  msToHertz,
  noteDurations,
  periodBreakdown,
} from '../core/tempo';

export const toolsApi = {
  noteDurations,
  hertzToMs,
  msToHertz,
  periodBreakdown,
  durationBreakdown,
};

export type ToolsApi = typeof toolsApi;
