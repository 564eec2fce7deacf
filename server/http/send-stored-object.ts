import type { FastifyReply } from 'fastify';
import type { ByteRange, Storage } from '../repositories/storage/storage';
import { notFound } from '../errors/app-error';

/** Parses a single-range `Range: bytes=...` header against a size; 'unsatisfiable' or null. */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Multi-range and other units are legal to ignore: answer with the whole file.
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (size === 0) return 'unsatisfiable';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Streams a stored object, honouring Range requests (206 and 416 included). */
export async function sendStoredObject(
  reply: FastifyReply,
  storage: Storage,
  key: string,
  options: { contentType: string; rangeHeader: string | undefined; downloadName?: string },
): Promise<FastifyReply> {
  const stored = await storage.stat(key);
  if (!stored) throw notFound('That file does not exist.');
  reply.header('accept-ranges', 'bytes').header('content-type', options.contentType);
  if (options.downloadName) {
    reply.header(
      'content-disposition',
      `attachment; filename="${options.downloadName.replace(/["\\]/g, '_')}"`,
    );
  }
  const range = parseRange(options.rangeHeader, stored.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${stored.size}`).send();
  }
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(await storage.get(key, range));
  }
  return reply.header('content-length', stored.size).send(await storage.get(key));
}
