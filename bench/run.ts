// `npm run bench`: each benchmark reports the median of several runs of the subject and of a
// baseline measured in this same process, and their ratio. Ratios, not seconds, are comparable
// between machines.

// Each benchmark's modules load only when it runs: `npm run bench -- render` then measures the
// render engine in a process without the whole server stack loaded, which was seen to slow its
// frame loop (Node CPU per frame up by a third or more in 3-minute renders).
const BENCHMARKS: [name: string, run: () => Promise<void>][] = [
  ['storage', async () => (await import('./storage.bench')).benchStorage()],
  ['queue', async () => (await import('./queue.bench')).benchQueue()],
  ['render-slots', async () => (await import('./render-slots.bench')).benchRenderSlots()],
  ['audio-analysis', async () => (await import('./audio-analysis.bench')).benchAudioAnalysis()],
  ['hook-finder', async () => (await import('./hook-finder.bench')).benchHookFinder()],
  ['media', async () => (await import('./media.bench')).benchMedia()],
  ['render', async () => (await import('./render.bench')).benchRender()],
  ['cli', async () => (await import('./cli-render.bench')).benchCliRender()],
  ['kit', async () => (await import('./kit.bench')).benchKit()],
  [
    'api-under-render',
    async () => (await import('./api-under-render.bench')).benchApiUnderRender(),
  ],
  ['api-under-hook', async () => (await import('./api-under-hook.bench')).benchApiUnderHook()],
  ['canvas', async () => (await import('./canvas.bench')).benchCanvas()],
  ['particles', async () => (await import('./particles.bench')).benchParticles()],
  ['loop-extend', async () => (await import('./loop-extend.bench')).benchLoopExtend()],
  ['preview', async () => (await import('./preview.bench')).benchPreview()],
  ['scale', async () => (await import('./scale.bench')).benchScale()],
  ['particle-editor', async () => (await import('./preview.bench')).benchParticleEditor()],
];

// `npm run bench -- render` (or any names) runs only the benchmarks of those names; a part of a
// name (`bench -- part`) runs every benchmark whose name contains it.
const filters = process.argv.slice(2);
const names = BENCHMARKS.map(([name]) => name);
const wanted = (name: string) =>
  filters.length === 0 ||
  filters.some((f) => f === name || (!names.includes(f) && name.includes(f)));

console.log(`Waveframe benchmarks (node ${process.version}), medians:`);
for (const [name, run] of BENCHMARKS) if (wanted(name)) await run();

export {};
