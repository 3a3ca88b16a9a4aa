import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Writes a two-second 64x48 MPEG-4 clip of ffmpeg's moving test pattern to `file`, so frames
 * sampled at different moments differ. Needs ffmpeg on the PATH (`.ci/run` installs it).
 */
export async function writeSampleVideo(file: string): Promise<void> {
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=64x48:rate=10',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'mpeg4',
    file,
  ]);
}
