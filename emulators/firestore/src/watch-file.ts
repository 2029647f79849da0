/**
 * Watches one file for new contents: the folder is watched (editors often replace the file,
 * which ends a watch on the file itself) and bursts of events (truncate, write, rename) settle
 * before the file is read. `onText` gets each text that differs from the previous one.
 * Returns a function that stops watching.
 */
import fs from 'node:fs';
import path from 'node:path';

const SETTLE_MS = 50;

export function watchFileText(file: string, onText: (text: string) => void): () => void {
  const folder = path.dirname(path.resolve(file));
  const name = path.basename(file);
  let timer: NodeJS.Timeout | undefined;
  let lastText: string | undefined;
  try {
    lastText = fs.readFileSync(file, 'utf8');
  } catch {
    /* reported on the next change */
  }
  const reread = () => {
    timer = undefined;
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return; // removed or being replaced: the next event brings it back
    }
    if (text === lastText) return;
    lastText = text;
    onText(text);
  };
  const watcher = fs.watch(folder, (_event, changed) => {
    if (changed !== null && changed !== name) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(reread, SETTLE_MS);
  });
  watcher.unref();
  return () => {
    if (timer) clearTimeout(timer);
    watcher.close();
  };
}
