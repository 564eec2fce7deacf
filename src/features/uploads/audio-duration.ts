/** Reading the length of a file that the browser cannot play would otherwise never end. */
const READ_TIMEOUT_MS = 15_000;

/**
 * The length of an audio file in seconds, read by the browser from the file's own headers (an
 * <audio> element's metadata), or null when the browser cannot tell. Sent with the draft so the
 * server can recognise a track it already has (spec 5).
 */
export function readAudioDuration(file: Blob): Promise<number | null> {
  if (typeof Audio === 'undefined' || typeof URL.createObjectURL !== 'function') {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const element = new Audio();
    const url = URL.createObjectURL(file);
    let finished = false;
    const finish = (seconds: number | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      element.removeAttribute('src');
      element.load();
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const timer = setTimeout(() => finish(null), READ_TIMEOUT_MS);
    element.preload = 'metadata';
    element.addEventListener(
      'loadedmetadata',
      () => {
        const seconds = element.duration;
        finish(Number.isFinite(seconds) && seconds > 0 ? seconds : null);
      },
      { once: true },
    );
    element.addEventListener('error', () => finish(null), { once: true });
    element.src = url;
  });
}
