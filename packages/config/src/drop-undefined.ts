/** A copy without the keys whose value is `undefined`, so optional settings are absent rather than present-but-empty. */
export function dropUndefined<Value extends object>(value: Value): Value {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Value;
}
