/**
 * Messages as a test reads them: every field taken as present, so an assertion can read
 * `doc.fields.a.integerValue` straight away (a field that is missing fails that assertion).
 * Methods keep their parameters and answer Present messages.
 */
export type Present<T> = T extends Buffer | string | number | boolean | bigint | null | undefined
  ? T
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Present<R>
    : T extends Promise<infer U>
      ? Promise<Present<U>>
      : T extends (infer E)[]
        ? Present<E>[]
        : { [K in keyof T]-?: Present<NonNullable<T[K]>> };

/** The same object, read as Present. */
export function present<T>(message: T): Present<T> {
  return message as Present<T>;
}
