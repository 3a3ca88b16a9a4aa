export interface DownloadProgress {
  receivedBytes: number;
  /** Undefined when the server did not say how large the file is. */
  totalBytes: number | undefined;
}

export type DownloadProgressListener = (progress: DownloadProgress) => void;

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * A progress bar for a download, on a terminal redrawn in place; elsewhere (a log, a pipe) a
 * line every tenth of the way, so logs stay readable.
 */
export function createProgressBar(
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
): { update: DownloadProgressListener; done: () => void } {
  let lastTenth = -1;
  let drawn = false;
  return {
    update: ({ receivedBytes, totalBytes }) => {
      const fraction =
        totalBytes === undefined || totalBytes === 0 ? undefined : Math.min(1, receivedBytes / totalBytes);
      const amount =
        totalBytes === undefined ? megabytes(receivedBytes) : `${megabytes(receivedBytes)} / ${megabytes(totalBytes)}`;
      if (stream.isTTY === true) {
        const width = 30;
        const filled = fraction === undefined ? 0 : Math.round(fraction * width);
        const bar =
          fraction === undefined
            ? ''
            : `[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${Math.floor(fraction * 100)}% `;
        stream.write(`\r${label} ${bar}${amount}`);
        drawn = true;
        return;
      }
      const tenth = fraction === undefined ? Math.floor(receivedBytes / 50_000_000) : Math.floor(fraction * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      stream.write(`${label} ${fraction === undefined ? '' : `${tenth * 10}% `}${amount}\n`);
    },
    done: () => {
      if (drawn) stream.write('\n');
    },
  };
}
