/**
 * Stands in locally for what delivers e-mail in production: the Firebase "Trigger Email"
 * extension (documents of the `mail` collection, `{ to, from?, message: { subject, text, html } }`)
 * and Firebase Auth's own e-mails (password reset and others: the Auth emulator keeps their
 * links at its `oobCodes` endpoint instead of sending them). Both go by SMTP to the catcher.
 * It polls: a few seconds' delay is nothing for a person reading the inbox.
 */
import type { Firestore } from 'firebase-admin/firestore';
import nodemailer from 'nodemailer';
import { authEmulatorMail, type OobCode } from './auth-links.ts';

export interface MailRelayOptions {
  firestore: Firestore;
  /** `http://127.0.0.1:9099`: the Auth emulator. */
  authUrl: string;
  projectId: string;
  smtpPort: number;
  from?: string;
  intervalMs?: number;
  log?: (line: string) => void;
}

export interface MailRelay {
  /** One pass: delivers what is waiting; how many e-mails went out. */
  deliver(): Promise<number>;
  stop(): Promise<void>;
}

const FROM = 'Parroquia Ortodoxa de Asturias <no-reply@parroquia.test>';

export function startMailRelay(options: MailRelayOptions): MailRelay {
  const { firestore, authUrl, projectId, smtpPort } = options;
  const log = options.log ?? (() => {});
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  const from = options.from ?? FROM;
  const sentLinks = new Set<string>();
  /** Auth codes seen in an earlier pass and not yet mailed (see `deliverAuthLinks`). */
  const waitingLinks = new Set<string>();

  /** The Auth codes whose links `mail` documents carry: the parish mailed those itself. */
  async function codesInMailDocuments(): Promise<Set<string>> {
    const all = await firestore.collection('mail').get();
    const codes = new Set<string>();
    for (const doc of all.docs) {
      const text = String(doc.get('message.text') ?? '');
      for (const match of text.matchAll(/[?&]oobCode=([^&\s]+)/g)) codes.add(match[1]!);
    }
    return codes;
  }

  async function deliverMailDocuments(): Promise<number> {
    const waiting = await firestore.collection('mail').get();
    let sent = 0;
    for (const doc of waiting.docs) {
      const data = doc.data();
      if (data.delivery?.state === 'SUCCESS') continue;
      const message = data.message ?? {};
      const info = await transport.sendMail({
        // The document's own sender when it names one, as the extension does.
        from: typeof data.from === 'string' && data.from !== '' ? data.from : from,
        to: data.to,
        ...(typeof data.replyTo === 'string' && data.replyTo !== ''
          ? { replyTo: data.replyTo }
          : {}),
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      // As the extension records it, so a second pass (or a second relay) sends nothing.
      await doc.ref.update({
        delivery: { state: 'SUCCESS', endTime: new Date(), info: { messageId: info.messageId } },
      });
      log(`mail: ${doc.id} to ${String(data.to)}`);
      sent += 1;
    }
    return sent;
  }

  async function deliverAuthLinks(): Promise<number> {
    const response = await fetch(`${authUrl}/emulator/v1/projects/${projectId}/oobCodes`);
    if (!response.ok) return 0;
    const { oobCodes = [] } = (await response.json()) as { oobCodes?: OobCode[] };
    const fresh = oobCodes.filter((code) => !sentLinks.has(code.oobCode));
    if (fresh.length === 0) return 0;
    // A link the API made (the Admin SDK: sign-up, reset) goes out in the parish's own e-mail,
    // written a moment after the link: a code is mailed here only once a pass has gone by since
    // it was first seen and no `mail` document carries it, so such links are not mailed twice.
    const theParishs = await codesInMailDocuments();
    let sent = 0;
    for (const code of fresh) {
      if (theParishs.has(code.oobCode)) {
        sentLinks.add(code.oobCode);
        continue;
      }
      if (!waitingLinks.has(code.oobCode)) {
        waitingLinks.add(code.oobCode);
        continue;
      }
      waitingLinks.delete(code.oobCode);
      const mail = authEmulatorMail(code);
      if (mail) {
        await transport.sendMail({ from, to: code.email, ...mail });
        log(`mail: ${code.requestType} link to ${code.email}`);
        sent += 1;
      }
      sentLinks.add(code.oobCode);
    }
    return sent;
  }

  let running: Promise<number> | null = null;
  const deliver = () => {
    running ??= Promise.all([deliverMailDocuments(), deliverAuthLinks()])
      .then(([documents, links]) => documents + links)
      .finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => {
    deliver().catch((error: unknown) => log(`mail relay: ${String(error)}`));
  }, options.intervalMs ?? 2000);

  return {
    deliver,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => {});
      transport.close();
    },
  };
}
