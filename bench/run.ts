// `npm run bench`: each benchmark reports the median of several runs of the subject and of a
// baseline measured in this same process, and their ratio. Ratios, not seconds, are comparable
// between machines.
import { benchAudioAnalysis } from './audio-analysis.bench';
import { benchMedia } from './media.bench';
import { benchQueue } from './queue.bench';
import { benchStorage } from './storage.bench';

console.log(`Waveframe benchmarks (node ${process.version}), medians:`);
await benchStorage();
await benchQueue();
await benchAudioAnalysis();
await benchMedia();
