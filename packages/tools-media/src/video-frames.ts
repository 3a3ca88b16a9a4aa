import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MassGenError } from '@massgen/core';

const run = promisify(execFile);

/** Seconds one ffmpeg or ffprobe call may take before it is killed. */
const commandTimeoutMs = 60_000;
/** Largest frame ffmpeg may hand back, in bytes. */
const maximumFrameBytes = 20 * 1024 * 1024;

/** Why frames cannot be sampled on this machine, for the tool's error. */
export const noFfmpeg =
  'sampling frames needs ffmpeg and ffprobe on PATH, and they are not there (on Debian or Ubuntu: apt-get install ffmpeg)';

/** Whether `ffmpeg` and `ffprobe` can be run here. */
export async function hasFfmpeg(): Promise<boolean> {
  try {
    await Promise.all([
      run('ffmpeg', ['-version'], { timeout: commandTimeoutMs }),
      run('ffprobe', ['-version'], { timeout: commandTimeoutMs }),
    ]);
    return true;
  } catch {
    return false;
  }
}

/**
 * `count` JPEG frames spread evenly over a video (the middle of each of `count` equal spans), read
 * with Debian's ffmpeg: ffprobe finds the length, one ffmpeg call per frame seeks to it. The video
 * is written to a private temporary directory for them, removed after; a cancelled call kills them.
 */
export async function sampleVideoFrames(
  video: Uint8Array,
  count: number,
  signal: AbortSignal,
  shown: string,
): Promise<Uint8Array[]> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'massgen-video-'));
  const file = path.join(directory, 'video');
  const options = { signal, timeout: commandTimeoutMs, maxBuffer: maximumFrameBytes, encoding: 'buffer' as const };
  try {
    await writeFile(file, video);
    const probe = await run(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file],
      options,
    );
    const duration = Number(probe.stdout.toString().trim());
    if (!Number.isFinite(duration) || duration <= 0) {
      throw new MassGenError({
        code: 'MEDIA_INVALID',
        message: `${shown} has no length ffprobe can read; is it a video?`,
      });
    }
    const frames: Uint8Array[] = [];
    for (let index = 0; index < count; index += 1) {
      const at = ((index + 0.5) * duration) / count;
      const frame = await run(
        'ffmpeg',
        [
          '-v',
          'error',
          '-ss',
          at.toFixed(3),
          '-i',
          file,
          '-frames:v',
          '1',
          '-f',
          'image2pipe',
          '-c:v',
          'mjpeg',
          'pipe:1',
        ],
        options,
      );
      if (frame.stdout.length > 0) frames.push(new Uint8Array(frame.stdout));
    }
    if (frames.length === 0)
      throw new MassGenError({ code: 'MEDIA_INVALID', message: `ffmpeg found no frame in ${shown}.` });
    return frames;
  } catch (error) {
    if (MassGenError.isInstance(error)) throw error;
    if (signal.aborted) throw new MassGenError({ code: 'ABORTED', message: 'understand_video was cancelled.' });
    // ffmpeg starts its messages with the demuxer's name and address (`[mov,mp4 @ 0x55c8...] `), which says nothing to a model.
    const stderr = (error as { stderr?: Buffer }).stderr
      ?.toString()
      .trim()
      .replace(/^\[[^\]]+ @ 0x[0-9a-f]+\] /, '');
    throw new MassGenError({
      code: 'MEDIA_INVALID',
      message: `ffmpeg could not read ${shown}: ${stderr === undefined || stderr === '' ? (error as Error).message : stderr.split('\n')[0]}.`,
    });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
