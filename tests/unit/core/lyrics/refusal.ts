import { LyricsError } from '../../../../core/lyrics';

/** The LyricsError `read` throws, as { line, message }; fails the test when it throws nothing else. */
export function refusal(read: () => unknown): { line: number | null; message: string } {
  try {
    read();
  } catch (error) {
    if (error instanceof LyricsError) return { line: error.line, message: error.message };
    throw error;
  }
  throw new Error('Expected a LyricsError, but the file was read.');
}
