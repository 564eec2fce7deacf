// `npm run bench`: each benchmark reports the median of several runs of the subject and of a
// baseline measured in this same process, and their ratio. Ratios, not seconds, are comparable
// between machines.

// `npm run bench -- render` (or any names) runs only the benchmarks of those names; a part of a
// name (`bench -- part`) runs every benchmark whose name contains it.
const NAMES = [
  'storage',
  'queue',
  'render-slots',
  'audio-analysis',
  'media',
  'render',
  'cli',
  'kit',
  'api-under-render',
  'canvas',
  'particles',
  'loop-extend',
  'preview',
  'scale',
  'particle-editor',
];
const filters = process.argv.slice(2);
const wanted = (name: string) =>
  filters.length === 0 ||
  filters.some((f) => f === name || (!NAMES.includes(f) && name.includes(f)));

console.log(`Waveframe benchmarks (node ${process.version}), medians:`);
// Each benchmark's modules load only when it runs: `npm run bench -- render` then measures the
// render engine in a process without the whole server stack loaded, which was seen to slow its
// frame loop (Node CPU per frame up by a third or more in 3-minute renders).
if (wanted('storage')) await (await import('./storage.bench')).benchStorage();
if (wanted('queue')) await (await import('./queue.bench')).benchQueue();
if (wanted('render-slots')) await (await import('./render-slots.bench')).benchRenderSlots();
if (wanted('audio-analysis')) await (await import('./audio-analysis.bench')).benchAudioAnalysis();
if (wanted('media')) await (await import('./media.bench')).benchMedia();
if (wanted('render')) await (await import('./render.bench')).benchRender();
if (wanted('cli')) await (await import('./cli-render.bench')).benchCliRender();
if (wanted('kit')) await (await import('./kit.bench')).benchKit();
if (wanted('api-under-render'))
  await (await import('./api-under-render.bench')).benchApiUnderRender();
if (wanted('canvas')) await (await import('./canvas.bench')).benchCanvas();
if (wanted('particles')) await (await import('./particles.bench')).benchParticles();
if (wanted('loop-extend')) await (await import('./loop-extend.bench')).benchLoopExtend();
if (wanted('preview')) await (await import('./preview.bench')).benchPreview();
if (wanted('scale')) await (await import('./scale.bench')).benchScale();
if (wanted('particle-editor')) await (await import('./preview.bench')).benchParticleEditor();

export {};
