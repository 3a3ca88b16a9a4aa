/** A duration as a person reads it: whole seconds as `120 s`, anything else in milliseconds. */
export function describeMs(milliseconds: number): string {
  return milliseconds >= 1000 && milliseconds % 1000 === 0 ? `${milliseconds / 1000} s` : `${milliseconds} ms`;
}
