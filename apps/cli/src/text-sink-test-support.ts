/** A stream for a command's stdout or stderr in a test: what is written collects in `text`. */
export function textSink(): NodeJS.WritableStream & { text: string } {
  const sink = {
    text: '',
    write(chunk: string) {
      sink.text += chunk;
      return true;
    },
  };
  return sink as unknown as NodeJS.WritableStream & { text: string };
}
