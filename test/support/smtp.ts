import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Subject with RFC 2047 encoded words decoded. */
  subject: string;
  /** Body with quoted-printable soft breaks and escapes decoded. */
  text: string;
}

/** Decodes quoted-printable (RFC 2045) as nodemailer writes it; enough to read links and German text. */
export function decodeQuotedPrintable(s: string): string {
  const joined = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes a header's RFC 2047 encoded words (Q and B) as nodemailer writes them. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? decodeHeader(line.slice(name.length + 1).trim()) : '';
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: headerOf(raw, 'Subject'),
          text: decodeQuotedPrintable(raw),
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /**
     * The first mail to `to` whose subject contains `subject` (or matches it). A person gets several
     * kinds of mail – a booking of their own also sends its calendar entry mail (decision 217) – so a
     * test names the one it means.
     */
    async waitFor(to: string, subject: string | RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      const matches = (m: ReceivedMail) => (typeof subject === 'string' ? m.subject.includes(subject) : subject.test(m.subject));
      for (;;) {
        const found = mails.find((m) => m.to.includes(to) && matches(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`Keine Mail „${subject}“ an ${to} innerhalb von ${timeoutMs} ms empfangen`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function extractLink(text: string, path: string): string {
  const m = text.match(new RegExp(`https?://[^\\s"<>]*${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_\\-.%]+`));
  if (!m) throw new Error(`Kein Link auf ${path} in der Mail gefunden`);
  return m[0];
}

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The base64 attachments of a received MIME mail, as nodemailer writes them (one per file name). */
export function attachmentsOf(raw: string): ReceivedAttachment[] {
  const found = new Map<string, ReceivedAttachment>();
  for (const m of raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)) {
    for (const part of raw.split(`--${m[1]!}`)) {
      const [head = '', ...body] = part.split(/\r?\n\r?\n/);
      const h = head.replace(/\r?\n[ \t]+/g, ' ');
      const name = h.match(/filename="?([^";\r\n]+)"?/i)?.[1];
      if (!name || !/content-transfer-encoding:\s*base64/i.test(h) || found.has(name)) continue;
      found.set(name, {
        filename: name,
        contentType: h.match(/content-type:\s*([^;\s]+)/i)?.[1] ?? '',
        content: Buffer.from(body.join('').replace(/\s+/g, ''), 'base64'),
      });
    }
  }
  return [...found.values()];
}
