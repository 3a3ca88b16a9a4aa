/**
 * A minimal writer for the GGUF v3 container (header, metadata key-values, tensor infos, aligned
 * F32 tensor data): enough to produce models that llama.cpp loads, for tests and benchmarks.
 */

const ggufMagic = 0x46554747;
const ggufVersion = 3;
const alignment = 32;

const valueType = {
  uint32: 4,
  int32: 5,
  float32: 6,
  bool: 7,
  string: 8,
  array: 9,
} as const;

const tensorTypeF32 = 0;

export type GgufValue =
  | { type: 'uint32'; value: number }
  | { type: 'int32'; value: number }
  | { type: 'float32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'string[]'; value: readonly string[] }
  | { type: 'float32[]'; value: readonly number[] }
  | { type: 'int32[]'; value: readonly number[] };

export interface GgufTensor {
  name: string;
  /** ggml order: the first dimension varies fastest (a matrix of `rows` by `cols` is `[cols, rows]`). */
  dimensions: readonly number[];
  data: Float32Array;
}

/** Grows a byte buffer as values are appended, in little-endian order as GGUF requires. */
class ByteSink {
  private buffer = Buffer.alloc(1 << 16);
  length = 0;

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const next = Buffer.alloc(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(next, 0, 0, this.length);
    this.buffer = next;
  }

  uint32(value: number): void {
    this.reserve(4);
    this.buffer.writeUInt32LE(value, this.length);
    this.length += 4;
  }

  int32(value: number): void {
    this.reserve(4);
    this.buffer.writeInt32LE(value, this.length);
    this.length += 4;
  }

  uint64(value: number): void {
    this.reserve(8);
    this.buffer.writeBigUInt64LE(BigInt(value), this.length);
    this.length += 8;
  }

  float32(value: number): void {
    this.reserve(4);
    this.buffer.writeFloatLE(value, this.length);
    this.length += 4;
  }

  bytes(value: Uint8Array): void {
    this.reserve(value.length);
    this.buffer.set(value, this.length);
    this.length += value.length;
  }

  string(value: string): void {
    const encoded = Buffer.from(value, 'utf8');
    this.uint64(encoded.length);
    this.bytes(encoded);
  }

  padTo(boundary: number): void {
    const padding = (boundary - (this.length % boundary)) % boundary;
    this.bytes(new Uint8Array(padding));
  }

  toBuffer(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

function writeValue(sink: ByteSink, entry: GgufValue): void {
  switch (entry.type) {
    case 'uint32':
      sink.uint32(valueType.uint32);
      sink.uint32(entry.value);
      return;
    case 'int32':
      sink.uint32(valueType.int32);
      sink.int32(entry.value);
      return;
    case 'float32':
      sink.uint32(valueType.float32);
      sink.float32(entry.value);
      return;
    case 'bool':
      sink.uint32(valueType.bool);
      sink.bytes(Uint8Array.of(entry.value ? 1 : 0));
      return;
    case 'string':
      sink.uint32(valueType.string);
      sink.string(entry.value);
      return;
    case 'string[]':
      sink.uint32(valueType.array);
      sink.uint32(valueType.string);
      sink.uint64(entry.value.length);
      for (const item of entry.value) sink.string(item);
      return;
    case 'float32[]':
      sink.uint32(valueType.array);
      sink.uint32(valueType.float32);
      sink.uint64(entry.value.length);
      for (const item of entry.value) sink.float32(item);
      return;
    case 'int32[]':
      sink.uint32(valueType.array);
      sink.uint32(valueType.int32);
      sink.uint64(entry.value.length);
      for (const item of entry.value) sink.int32(item);
      return;
  }
}

/** Serialises a GGUF v3 file with the given metadata and F32 tensors. */
export function encodeGguf(metadata: ReadonlyMap<string, GgufValue>, tensors: readonly GgufTensor[]): Buffer {
  const header = new ByteSink();
  header.uint32(ggufMagic);
  header.uint32(ggufVersion);
  header.uint64(tensors.length);
  header.uint64(metadata.size);
  for (const [key, entry] of metadata) {
    header.string(key);
    writeValue(header, entry);
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const tensor of tensors) {
    const elements = tensor.dimensions.reduce((product, size) => product * size, 1);
    if (elements !== tensor.data.length) {
      throw new Error(
        `tensor ${tensor.name}: dimensions ${tensor.dimensions.join('x')} need ${elements} values, got ${tensor.data.length}`,
      );
    }
    header.string(tensor.name);
    header.uint32(tensor.dimensions.length);
    for (const size of tensor.dimensions) header.uint64(size);
    header.uint32(tensorTypeF32);
    header.uint64(offset);
    offsets.push(offset);
    offset += Math.ceil(tensor.data.byteLength / alignment) * alignment;
  }
  header.padTo(alignment);
  for (const tensor of tensors) {
    header.bytes(new Uint8Array(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    header.padTo(alignment);
  }
  return header.toBuffer();
}
