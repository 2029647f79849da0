/** gRPC message framing: messages cut at any chunk boundary, the size limit, status messages. */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  canDecompress,
  decompress,
  encodeStatusMessage,
  frameMessage,
  MAX_MESSAGE_BYTES,
  MessageReader,
} from '../../src/grpc/framing.ts';

const bytesOf = (frames: ReturnType<MessageReader['push']>) =>
  frames === 'too-large' ? frames : frames.map((f) => f.bytes.toString());

describe('MessageReader', () => {
  it('reads messages whatever the chunk boundaries', () => {
    const wire = Buffer.concat(
      ['first', '', 'third message'].map((s) => frameMessage(Buffer.from(s))),
    );
    for (let size = 1; size <= wire.length; size++) {
      const reader = new MessageReader();
      const read: string[] = [];
      for (let at = 0; at < wire.length; at += size) {
        const frames = bytesOf(reader.push(wire.subarray(at, at + size)));
        if (frames === 'too-large') throw new Error('unexpected');
        read.push(...frames);
      }
      expect(read, `chunks of ${size} bytes`).toEqual(['first', '', 'third message']);
      expect(reader.partial).toBe(false);
    }
  });

  it('knows when a message has started but not finished', () => {
    const reader = new MessageReader();
    expect(reader.push(frameMessage(Buffer.from('abcdef')).subarray(0, 7))).toEqual([]);
    expect(reader.partial).toBe(true);
  });

  it('refuses a message longer than the limit as soon as its length is known', () => {
    const head = Buffer.alloc(5);
    head.writeUInt32BE(MAX_MESSAGE_BYTES + 1, 1);
    expect(new MessageReader().push(head)).toBe('too-large');
  });

  it('reports the compressed flag, and reads gzip and deflate', () => {
    const packed = gzipSync(Buffer.from('squeezed'));
    const wire = frameMessage(packed);
    wire[0] = 1;
    const frames = new MessageReader().push(wire);
    expect(frames).toEqual([{ compressed: true, bytes: packed }]);
    expect(canDecompress('gzip')).toBe(true);
    expect(canDecompress('deflate')).toBe(true);
    expect(canDecompress('snappy')).toBe(false);
    expect(decompress(packed, 'gzip').toString()).toBe('squeezed');
  });
});

describe('encodeStatusMessage', () => {
  it('percent-encodes UTF-8 outside printable ASCII, and the percent sign', () => {
    expect(encodeStatusMessage('No document: c/año 100%\n')).toBe(
      'No document: c/a%C3%B1o 100%25%0A',
    );
    expect(decodeURIComponent(encodeStatusMessage('ș ț ñ % ✓'))).toBe('ș ț ñ % ✓');
  });
});
