/** The indexes file of `--indexes` (firebase.json's `firestore.indexes`): read at start, reloaded on change. */
import fs from 'node:fs';
import { parseIndexConfig, type IndexConfig } from './indexes/config.ts';
import { watchFileText } from './watch-file.ts';

/** Parses the file, or throws an Error naming the file and the entry that is wrong. */
export function loadIndexesFile(file: string): IndexConfig {
  let source: string;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`cannot read the indexes file ${file}: ${(e as Error).message}`, { cause: e });
  }
  try {
    return parseIndexConfig(source);
  } catch (e) {
    throw new Error(`the indexes file ${file} is not valid: ${(e as Error).message}`, { cause: e });
  }
}

/** Hands every valid version of the file to `onConfig`; an invalid one is reported and ignored. */
export function watchIndexesFile(
  file: string,
  onConfig: (config: IndexConfig) => void,
  log: (line: string) => void,
): () => void {
  return watchFileText(file, (source) => {
    let config: IndexConfig;
    try {
      config = parseIndexConfig(source);
    } catch (e) {
      log(
        `firestore emulator: indexes not reloaded, keeping the previous ones: ${file}: ${(e as Error).message}`,
      );
      return;
    }
    onConfig(config);
    log(`firestore emulator: indexes reloaded from ${file}`);
  });
}
