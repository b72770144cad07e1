import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The links the message carries, logged (outbox mode) so they are usable on a fresh machine. */
  links: string[];
  /** Files attached to the message (an issued invoice's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * The real outbound path through nodemailer: SMTP when `smtpUrl` is set; otherwise each message
 * is rendered as a real RFC 5322 message into `outboxDir` (`<time>-<to>.eml`, plus a `.json`
 * with the links), and its links are logged.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.attachments ? { attachments: mail.attachments } : {}),
        });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
      await mkdir(options.outboxDir, { recursive: true });
      sequence += 1;
      const stem = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(4, '0')}-${mail.to.replace(/[^A-Za-z0-9@._-]/g, '_')}`;
      await writeFile(join(options.outboxDir, `${stem}.eml`), info.message as Buffer);
      await writeFile(
        join(options.outboxDir, `${stem}.json`),
        JSON.stringify(
          {
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            links: mail.links,
            // The files themselves are in the .eml beside it.
            ...(mail.attachments
              ? {
                  attachments: mail.attachments.map((a) => ({
                    filename: a.filename,
                    contentType: a.contentType,
                    size: a.content.length,
                  })),
                }
              : {}),
          },
          null,
          2,
        ),
      );
      // The file, not its links: a reset or activation link is a credential, and logs travel.
      options.log.info(
        { to: mail.to, subject: mail.subject, file: join(options.outboxDir, `${stem}.json`) },
        'mail written to the outbox',
      );
    },
  };
}
