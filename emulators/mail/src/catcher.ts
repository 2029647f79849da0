/** MailDev, the SMTP catcher with a web inbox, run from its npm package as a child process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface MailCatcher {
  inboxUrl: string;
  smtpPort: number;
  stop(): Promise<void>;
}

/** Its command line (the package's `bin`), beside its ESM entry, the one path it exports. */
function maildevBin(): string {
  return join(dirname(fileURLToPath(import.meta.resolve('maildev'))), 'bin/maildev.js');
}

/** Starts MailDev on 127.0.0.1 and resolves once its inbox answers. */
export async function startMailCatcher(ports: { smtp: number; web: number }): Promise<MailCatcher> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      maildevBin(),
      ...['--smtp', String(ports.smtp), '--ip', '127.0.0.1'],
      ...['--web', String(ports.web), '--web-ip', '127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  const inboxUrl = `http://localhost:${ports.web}`;
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`MailDev exited with ${child.exitCode}`);
    const answered = await fetch(`http://127.0.0.1:${ports.web}/api/email`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return { inboxUrl, smtpPort: ports.smtp, stop };
    await new Promise((done) => setTimeout(done, 200));
  }
  await stop();
  throw new Error('MailDev did not start in 30 s');
}
