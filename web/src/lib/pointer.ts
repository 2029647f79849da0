/** Whether a finger is the main pointer (a phone, a tablet): `pointer: coarse`. */
export function touchFirst(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}
