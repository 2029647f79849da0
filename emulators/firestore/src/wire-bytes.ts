/**
 * The protobuf bytes a request arrived as, kept beside the decoded message (a hidden property:
 * not enumerated, not copied, not encoded) for whoever can use them as they are: the journal
 * keeps a Commit request's bytes instead of serialising the documents it wrote.
 */
const WIRE_BYTES = Symbol('wire bytes');

type WithWireBytes = { [WIRE_BYTES]?: Uint8Array };

/** Marks `message` as decoded from exactly `bytes` (which must not change afterwards). */
export function rememberWireBytes<T extends object>(message: T, bytes: Uint8Array): T {
  Object.defineProperty(message, WIRE_BYTES, { value: bytes });
  return message;
}

/** The bytes `message` was decoded from, if it came from the wire unchanged. */
export function wireBytesOf(message: object): Uint8Array | undefined {
  return (message as WithWireBytes)[WIRE_BYTES];
}
