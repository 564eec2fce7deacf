// WAV files made by tests: a 44-byte PCM header before the samples.

/** A 16-bit PCM WAV of `data` (interleaved little-endian samples). */
export function wavBytes(data: Buffer, format: { channels: number; sampleRate: number }): Buffer {
  const { channels, sampleRate } = format;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A 16-bit mono WAV of samples in -1..1 (clipped). */
export function monoWav(samples: Float32Array, sampleRate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) =>
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32_767), i * 2),
  );
  return wavBytes(data, { channels: 1, sampleRate });
}
