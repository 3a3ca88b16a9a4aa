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

  /** Appends a value of `bytes` bytes, which `write` puts at the offset it is given. */
  private append(bytes: number, write: (buffer: Buffer, offset: number) => void): void {
    this.reserve(bytes);
    write(this.buffer, this.length);
    this.length += bytes;
  }

  uint32(value: number): void {
    this.append(4, (buffer, offset) => buffer.writeUInt32LE(value, offset));
  }

  int32(value: number): void {
    this.append(4, (buffer, offset) => buffer.writeInt32LE(value, offset));
  }

  uint64(value: number): void {
    this.append(8, (buffer, offset) => buffer.writeBigUInt64LE(BigInt(value), offset));
  }

  float32(value: number): void {
    this.append(4, (buffer, offset) => buffer.writeFloatLE(value, offset));
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

type ScalarType = 'uint32' | 'int32' | 'float32' | 'bool' | 'string';

/** A value's type tag (an array's also names its elements' type), then the value or each element. */
function writeValue(sink: ByteSink, entry: GgufValue): void {
  const element = entry.type.replace('[]', '') as ScalarType;
  if (typeof entry.value === 'object') {
    sink.uint32(valueType.array);
    sink.uint32(valueType[element]);
    sink.uint64(entry.value.length);
    for (const item of entry.value) writeElement(sink, element, item);
    return;
  }
  sink.uint32(valueType[element]);
  writeElement(sink, element, entry.value);
}

function writeElement(sink: ByteSink, type: ScalarType, value: number | boolean | string): void {
  if (type === 'bool') sink.bytes(Uint8Array.of(value === true ? 1 : 0));
  else if (type === 'string') sink.string(String(value));
  else sink[type](Number(value));
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
