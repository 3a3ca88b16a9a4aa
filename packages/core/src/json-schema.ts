/** A JSON Schema object, as tools declare their input. Kept structural so any generator fits. */
export type JsonSchema = { [key: string]: unknown };
